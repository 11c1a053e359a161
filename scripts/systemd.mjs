#!/usr/bin/env node
// `npm run systemd -- --out DIR [options]`: systemd units for the production topology of scripts/topology.mjs
// (ADR 008, ADR 014, docs/decisions/026), to install on a Debian server (README, "Operating the shop"):
// - wheelhouse-release.service  runs `npm run release` once before any instance starts (the release lock makes a
//                               second run harmless);
// - wheelhouse@PORT.service     one app instance per port, behind nginx, restarted on failure;
// - wheelhouse-runner.service   the one background runner (jobs queue, hold expiry, scheduled backups): an instance
//                               that takes no traffic, so the app instances run none (BACKGROUND_RUNNER=off);
// - wheelhouse-nginx.service    the load balancer, and wheelhouse-varnish.service, the page cache in front of it;
// - wheelhouse-varnishncsa.service   Varnish's request log (/var/log/wheelhouse/varnish-access.log), and
//   wheelhouse-varnish-exporter.service, its counters for Prometheus on 127.0.0.1:9131 (ADR 027);
// - wheelhouse.target           all of them: `systemctl enable --now wheelhouse.target`.
// It also writes nginx.conf and varnish.vcl (the topology's own), and cache.env with the page cache's ban key.
//
// Options: --instances N (2)  --first-port P (3101)  --runner-port P (3100)  --listen ADDR:PORT (127.0.0.1:8080)
//          --app-dir DIR (this checkout)  --user NAME (wheelhouse)  --config-dir DIR (/etc/wheelhouse)
//          --state-dir DIR (/var/lib/wheelhouse)  --node PATH (this node)  --no-cache  --runner in-app
// `--runner in-app` leaves the runner in the app instances (one of them takes it, ADR 008): with SQLite, run
// `--instances 1 --runner in-app --no-cache`, since only one process may use the file.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { nginxConfig, varnishConfig, varnishExporterArgs, varnishLogArgs } from './topology.mjs'
import { SHOP_NODE_FLAGS } from './shop-node-flags.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export const DEFAULTS = {
  instances: 2,
  firstPort: 3101,
  runnerPort: 3100,
  listen: '127.0.0.1:8080',
  appDir: root,
  user: 'wheelhouse',
  configDir: '/etc/wheelhouse',
  stateDir: '/var/lib/wheelhouse',
  node: process.execPath,
  cache: true,
  runner: 'separate',
}

export class UsageError extends Error {
  name = 'UsageError'
}

export function parseArgs(argv) {
  const options = { ...DEFAULTS }
  const number = (name, value) => {
    if (!/^\d+$/.test(value ?? '') || Number(value) < 1 || Number(value) > 65535) throw new UsageError(`--${name} needs a positive whole number`)
    return Number(value)
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      if (argv[i + 1] === undefined) throw new UsageError(`${arg} needs a value`)
      return argv[++i]
    }
    if (arg === '--out') options.out = value()
    else if (arg === '--instances') options.instances = number('instances', value())
    else if (arg === '--first-port') options.firstPort = number('first-port', value())
    else if (arg === '--runner-port') options.runnerPort = number('runner-port', value())
    else if (arg === '--listen') options.listen = value()
    else if (arg === '--app-dir') options.appDir = path.resolve(value())
    else if (arg === '--user') options.user = value()
    else if (arg === '--config-dir') options.configDir = value()
    else if (arg === '--state-dir') options.stateDir = value()
    else if (arg === '--node') options.node = value()
    else if (arg === '--no-cache') options.cache = false
    else if (arg === '--runner') {
      options.runner = value()
      if (!['separate', 'in-app'].includes(options.runner)) throw new UsageError('--runner is separate or in-app')
    } else throw new UsageError(`unknown option ${arg}`)
  }
  if (!options.out) throw new UsageError('usage: npm run systemd -- --out DIR [--instances N] [--first-port P] [--runner-port P] [--listen ADDR:PORT] [--no-cache] [--runner in-app]')
  const ports = instancePorts(options)
  if (options.runner === 'separate' && ports.includes(options.runnerPort)) throw new UsageError(`--runner-port ${options.runnerPort} is one of the instances' ports (${ports.join(', ')})`)
  return options
}

/** Where the instances send bans: the cache's own address, on the loopback when it listens on every interface. */
export function banUrl(listen) {
  const at = listen.lastIndexOf(':')
  const host = listen.slice(0, at)
  return `http://${!host || host === '0.0.0.0' || host === '[::]' || host === '*' ? '127.0.0.1' : host}:${listen.slice(at + 1)}/`
}

export const instancePorts = ({ instances, firstPort }) => Array.from({ length: instances }, (_, i) => firstPort + i)

/** The [Service] lines every Node process of the shop shares: its user, folder, environment and sandbox. */
function nodeService(o, { port, runner, description }) {
  // Loopback only, believing forwarded headers only from nginx on this machine (ADR 036); the firewall keeps the rest out.
  const env = [`NODE_ENV=production`, `NEXT_TELEMETRY_DISABLED=1`, `PORT=${port}`, 'HOST=127.0.0.1', 'TRUST_PROXY=127.0.0.1,::1', 'SHUTDOWN_DRAIN_MS=1500']
  if (!runner && o.runner === 'separate') env.push('BACKGROUND_RUNNER=off')
  return `[Unit]
Description=${description}
PartOf=wheelhouse.target
Wants=wheelhouse-release.service
After=network-online.target postgresql.service redis-server.service wheelhouse-release.service
StartLimitIntervalSec=300
StartLimitBurst=10

[Service]
Type=simple
User=${o.user}
Group=${o.user}
WorkingDirectory=${o.appDir}
EnvironmentFile=${o.configDir}/wheelhouse.env
${o.cache ? `EnvironmentFile=${o.configDir}/cache.env\n` : ''}Environment=${env.join(' ')}
# Serves what \`npm run release\` built and migrated; refuses to start (and never builds) when there is none.
ExecStart=${o.node} ${SHOP_NODE_FLAGS.join(' ')} scripts/start.mjs
Restart=on-failure
RestartSec=2
# SIGTERM: finish the requests in flight, then exit (server.mjs).
KillSignal=SIGTERM
TimeoutStopSec=30
NoNewPrivileges=true
PrivateTmp=true
ProtectSystem=full
ProtectHome=true

[Install]
WantedBy=wheelhouse.target
`
}

/** Every file to write: name → contents. Pure, for the unit test. */
export function systemdFiles(o, banKey = randomBytes(24).toString('hex')) {
  const ports = instancePorts(o)
  const nginxSocket = path.join(o.stateDir, 'nginx.sock')
  const files = new Map()
  const units = []
  files.set('wheelhouse-release.service', `[Unit]
Description=Wheelhouse release: migrate, seed and build once, under the release lock
# Restarting the target releases again (a new version, or a changed GTM_ID), then restarts the instances.
PartOf=wheelhouse.target
After=network-online.target postgresql.service

[Service]
Type=oneshot
RemainAfterExit=yes
User=${o.user}
Group=${o.user}
WorkingDirectory=${o.appDir}
EnvironmentFile=${o.configDir}/wheelhouse.env
Environment=NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
ExecStart=${o.node} scripts/release.mjs
# A build takes minutes on a small server.
TimeoutStartSec=30min

[Install]
WantedBy=wheelhouse.target
`)
  units.push('wheelhouse-release.service')
  files.set('wheelhouse@.service', nodeService(o, { port: '%i', runner: false, description: 'Wheelhouse app instance on port %i' }))
  units.push(...ports.map((p) => `wheelhouse@${p}.service`))
  if (o.runner === 'separate') {
    files.set('wheelhouse-runner.service', nodeService(o, { port: o.runnerPort, runner: true, description: `Wheelhouse background runner (jobs, hold expiry, scheduled backups; port ${o.runnerPort}, no traffic)` }))
    units.push('wheelhouse-runner.service')
  }
  const nginxListen = o.cache ? `unix:${nginxSocket}` : o.listen
  files.set('nginx.conf', nginxConfig({ dir: o.stateDir, listen: nginxListen, behindCache: o.cache, upstreamPorts: ports }))
  files.set('wheelhouse-nginx.service', `[Unit]
Description=Wheelhouse load balancer (nginx) in front of the app instances
PartOf=wheelhouse.target
After=network-online.target

[Service]
Type=simple
User=${o.user}
Group=${o.user}
# '+': run as root, to make the state folder the shop's user then works in.
ExecStartPre=+/usr/bin/install -d -o ${o.user} -g ${o.user} ${o.stateDir} ${o.stateDir}/tmp
ExecStartPre=/usr/sbin/nginx -t -q -c ${o.configDir}/nginx.conf -p ${o.stateDir} -g "daemon off;"
ExecStart=/usr/sbin/nginx -c ${o.configDir}/nginx.conf -p ${o.stateDir} -g "daemon off;"
ExecReload=/bin/kill -HUP $MAINPID
KillSignal=SIGQUIT
Restart=on-failure
RestartSec=2

[Install]
WantedBy=wheelhouse.target
`)
  units.push('wheelhouse-nginx.service')
  if (o.cache) {
    files.set('varnish.vcl', varnishConfig({ nginxSocket, banKey }))
    files.set('cache.env', `# The page cache's ban address and key (ADR 014): the app instances ban stale pages with them. Keep it 0600.\nHTTP_CACHE_BAN_URL=${banUrl(o.listen)}\nHTTP_CACHE_BAN_KEY=${banKey}\n`)
    files.set('wheelhouse-varnish.service', `[Unit]
Description=Wheelhouse page cache (Varnish) in front of nginx
PartOf=wheelhouse.target
After=network-online.target wheelhouse-nginx.service
Wants=wheelhouse-nginx.service

[Service]
Type=simple
ExecStartPre=+/usr/bin/install -d -o ${o.user} -g ${o.user} ${o.stateDir} ${o.stateDir}/varnish
# -j none: no privilege separation; it runs as the shop's user and reads the shop's files.
ExecStart=/usr/sbin/varnishd -F -j none -n ${o.stateDir}/varnish -a ${o.listen} -f ${o.configDir}/varnish.vcl -s malloc,256m -p http_resp_hdr_len=32k -p http_resp_size=96k -p workspace_backend=192k -p http_req_hdr_len=16k -p http_req_size=64k -p workspace_client=192k
User=${o.user}
Group=${o.user}
AmbientCapabilities=CAP_NET_BIND_SERVICE
Restart=on-failure
RestartSec=2

[Install]
WantedBy=wheelhouse.target
`)
    units.push('wheelhouse-varnish.service')
    const besideVarnish = (description, execStart, extra = '') => `[Unit]
Description=${description}
PartOf=wheelhouse.target
After=wheelhouse-varnish.service
BindsTo=wheelhouse-varnish.service

[Service]
Type=simple
${extra}ExecStart=${execStart}
User=${o.user}
Group=${o.user}
Restart=on-failure
RestartSec=2

[Install]
WantedBy=wheelhouse.target
`
    const quote = (args) => args.map((a) => (/[\s"%]/.test(a) ? `"${a.replaceAll('%', '%%').replaceAll('"', '\\"')}"` : a)).join(' ')
    files.set('wheelhouse-varnishncsa.service', besideVarnish('Wheelhouse page cache request log (varnishncsa)',
      `/usr/bin/varnishncsa ${quote(varnishLogArgs(`${o.stateDir}/varnish`, '/var/log/wheelhouse/varnish-access.log'))}`,
      `ExecStartPre=+/usr/bin/install -d -o ${o.user} -g ${o.user} /var/log/wheelhouse\n`))
    files.set('wheelhouse-varnish-exporter.service', besideVarnish('Wheelhouse page cache metrics (prometheus-varnish-exporter)',
      `/usr/bin/prometheus-varnish-exporter ${quote(varnishExporterArgs(`${o.stateDir}/varnish`, '127.0.0.1:9131'))}`))
    units.push('wheelhouse-varnishncsa.service', 'wheelhouse-varnish-exporter.service')
  }
  files.set('wheelhouse.target', `[Unit]
Description=Wheelhouse shop: ${o.instances} app instance(s)${o.runner === 'separate' ? ', the background runner' : ''}, nginx${o.cache ? ' and the page cache' : ''}
Wants=${units.join(' ')}

[Install]
WantedBy=multi-user.target
`)
  return files
}

function main() {
  const options = parseArgs(process.argv.slice(2))
  const out = path.resolve(process.env.INIT_CWD || process.cwd(), options.out)
  fs.mkdirSync(out, { recursive: true })
  for (const [name, text] of systemdFiles(options)) fs.writeFileSync(path.join(out, name), text, { mode: name.endsWith('.env') ? 0o600 : 0o644 })
  console.info(`wheelhouse: wrote the units and configuration to ${out}; install them as the README's "Operating the shop" says`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main()
  } catch (error) {
    console.error(`wheelhouse: ${error instanceof UsageError ? error.message : error?.stack ?? error}`)
    process.exit(error instanceof UsageError ? 2 : 1)
  }
}
