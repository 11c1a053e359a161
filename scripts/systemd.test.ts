import { describe, expect, it } from 'vitest'
import { banUrl, DEFAULTS, parseArgs, systemdFiles, UsageError } from './systemd.mjs'

const options = (argv: string[]) => parseArgs(['--out', '/tmp/units', '--app-dir', '/srv/wheelhouse', '--node', '/usr/bin/node', ...argv])

describe('the systemd generator', () => {
  it('writes a release unit, N app instances, the one runner, nginx, Varnish with its log and exporter, and a target that wants them all', () => {
    const files = systemdFiles(options(['--instances', '3']), 'k'.repeat(48))
    expect([...files.keys()].sort()).toEqual(['cache.env', 'nginx.conf', 'varnish.vcl', 'wheelhouse-nginx.service', 'wheelhouse-release.service', 'wheelhouse-runner.service', 'wheelhouse-varnish.service', 'wheelhouse-varnish-exporter.service', 'wheelhouse-varnishncsa.service', 'wheelhouse.target', 'wheelhouse@.service'].sort())
    expect(files.get('wheelhouse.target')).toMatch(/^Wants=wheelhouse-release\.service wheelhouse@3101\.service wheelhouse@3102\.service wheelhouse@3103\.service wheelhouse-runner\.service wheelhouse-nginx\.service wheelhouse-varnish\.service wheelhouse-varnishncsa\.service wheelhouse-varnish-exporter\.service$/m)
    expect(files.get('wheelhouse.target')).toMatch(/^WantedBy=multi-user\.target$/m)
    // Requests Varnish answers itself reach a log and the metrics only through these two.
    expect(files.get('wheelhouse-varnishncsa.service')).toMatch(/^ExecStart=\/usr\/bin\/varnishncsa -n \/var\/lib\/wheelhouse\/varnish -a -w \/var\/log\/wheelhouse\/varnish-access\.log -F ".*%%\{Varnish:hitmiss\}x %%D"$/m)
    expect(files.get('wheelhouse-varnish-exporter.service')).toMatch(/^ExecStart=\/usr\/bin\/prometheus-varnish-exporter -n \/var\/lib\/wheelhouse\/varnish -web\.listen-address 127\.0\.0\.1:9131 /m)
    for (const unit of ['wheelhouse@.service', 'wheelhouse-runner.service', 'wheelhouse-nginx.service', 'wheelhouse-varnish.service', 'wheelhouse-varnishncsa.service', 'wheelhouse-varnish-exporter.service']) {
      expect(files.get(unit), unit).toMatch(/^Restart=on-failure$/m)
      expect(files.get(unit), unit).toMatch(/^User=wheelhouse$/m)
    }
  })
  it('serves the released build, never building; instances leave background work to the runner, which takes no traffic', () => {
    const files = systemdFiles(options(['--instances', '2']), 'k'.repeat(48))
    const app = files.get('wheelhouse@.service')!
    expect(app).toMatch(/^ExecStart=\/usr\/bin\/node --max-old-space-size=\d+( --[a-z-]+=\d+)* scripts\/start\.mjs$/m)
    expect(app).toMatch(/^Environment=NODE_ENV=production .*PORT=%i .*BACKGROUND_RUNNER=off$/m)
    expect(app).toMatch(/^After=.*wheelhouse-release\.service$/m)
    expect(app).toMatch(/^WorkingDirectory=\/srv\/wheelhouse$/m)
    const runner = files.get('wheelhouse-runner.service')!
    expect(runner).toMatch(/PORT=3100/)
    // Every Node process listens on the loopback only and believes forwarded headers only from nginx there.
    for (const unit of [app, runner]) expect(unit).toMatch(/^Environment=.* HOST=127\.0\.0\.1 TRUST_PROXY=127\.0\.0\.1,::1 /m)
    expect(runner).not.toMatch(/BACKGROUND_RUNNER/)
    const nginx = files.get('nginx.conf')!
    expect(nginx).toContain('server 127.0.0.1:3101 ')
    expect(nginx).toContain('server 127.0.0.1:3102 ')
    expect(nginx).not.toContain('127.0.0.1:3100')
    expect(nginx).toContain('listen unix:/var/lib/wheelhouse/nginx.sock;')
    expect(nginx).toContain('proxy_set_header X-Forwarded-Host $http_host;')
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $http_x_forwarded_proto;')
    expect(files.get('varnish.vcl')).toContain('acl tls_front { "127.0.0.1"; "::1"; }')
    expect(files.get('wheelhouse-release.service')).toMatch(/^Type=oneshot$/m)
    expect(files.get('wheelhouse-release.service')).toMatch(/^PartOf=wheelhouse\.target$/m)
    expect(files.get('wheelhouse-release.service')).toMatch(/^ExecStart=\/usr\/bin\/node scripts\/release\.mjs$/m)
  })
  it('gives the instances and Varnish the same ban key', () => {
    const files = systemdFiles(options([]), 'secret-ban-key-0123456789')
    expect(files.get('cache.env')).toContain('HTTP_CACHE_BAN_KEY=secret-ban-key-0123456789')
    expect(files.get('cache.env')).toContain('HTTP_CACHE_BAN_URL=http://127.0.0.1:8080/')
    expect(files.get('varnish.vcl')).toContain('req.http.X-Ban-Key != "secret-ban-key-0123456789"')
    expect(files.get('wheelhouse@.service')).toContain('EnvironmentFile=/etc/wheelhouse/cache.env')
    expect(banUrl(':80')).toBe('http://127.0.0.1:80/')
    expect(banUrl('0.0.0.0:6081')).toBe('http://127.0.0.1:6081/')
  })
  it('for SQLite: one instance running its own background work, no cache', () => {
    const files = systemdFiles(options(['--instances', '1', '--runner', 'in-app', '--no-cache', '--listen', '127.0.0.1:8000']))
    expect([...files.keys()].sort()).toEqual(['nginx.conf', 'wheelhouse-nginx.service', 'wheelhouse-release.service', 'wheelhouse.target', 'wheelhouse@.service'])
    expect(files.get('wheelhouse@.service')).not.toMatch(/BACKGROUND_RUNNER|cache\.env/)
    expect(files.get('nginx.conf')).toContain('listen 127.0.0.1:8000;')
  })
  it('refuses a bad command line', () => {
    expect(() => parseArgs([])).toThrow(UsageError)
    expect(() => options(['--instances', 'two'])).toThrow(/--instances needs a positive whole number/)
    expect(() => options(['--runner-port', '3101'])).toThrow(/is one of the instances' ports/)
    expect(() => options(['--runner', 'cron'])).toThrow(/separate or in-app/)
    expect(DEFAULTS.instances).toBe(2)
  })
})
