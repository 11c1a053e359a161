#!/usr/bin/env node
// The production topology on one machine (ADR 008): several app instances (server.mjs on the existing build)
// behind nginx, with Varnish in front as the one page cache (ADR 014), both from Debian's packages, on
// PostgreSQL and Redis. Migrations run once, before any instance
// starts; exactly one instance runs background jobs (PostgreSQL advisory lock); storefront changes reach
// every instance through Redis.
//
//   npm run topology -- up [--instances 2] [--port 3100] [--no-cache]     (DATABASE_URL=postgres://… and REDIS_URL, or the defaults below)
//   npm run topology -- down
//
// Also a module: the fault test and bench/topology.mjs start and kill instances through startTopology().
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareDatabase, serveShop, stopShop } from './shop-process.mjs'
import { nginxConfig, varnishConfig } from './proxy-config.mjs'
import { precompressStatic } from './precompress-static.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** A program from Debian's packages; installed when missing and we are root on Debian, else a clear message. */
function ensureDebianProgram(program, pkg) {
  const paths = [`/usr/sbin/${program}`, `/usr/local/sbin/${program}`, `/usr/local/bin/${program}`, `/usr/bin/${program}`]
  const found = paths.find((p) => fs.existsSync(p))
  if (found) return found
  const debian = fs.existsSync('/etc/debian_version') && fs.existsSync('/usr/bin/apt-get')
  if (debian && process.getuid?.() === 0) {
    console.info(`topology: installing ${pkg} from Debian’s packages…`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    let run = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env })
    if (run.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
      run = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env })
    }
    const installed = paths.find((p) => fs.existsSync(p))
    if (run.status === 0 && installed) return installed
  }
  throw new Error(`${program} is not installed: install it (Debian/Ubuntu: sudo apt-get install -y ${pkg}) and try again`)
}

const ensureNginx = () => ensureDebianProgram('nginx', 'nginx')
const ensureVarnish = () => ensureDebianProgram('varnishd', 'varnish')
const ensureVarnishExporter = () => ensureDebianProgram('prometheus-varnish-exporter', 'prometheus-varnish-exporter')

/**
 * Varnish answers nearly every storefront request itself, so nothing in the app sees them: its own request log
 * (varnishncsa, from the varnish package) and its counters (Debian's prometheus-varnish-exporter, which reads
 * varnishstat) are how those requests reach the logs and the metrics. One line per request: the usual combined
 * log, then hit or miss and the time taken in microseconds.
 */
export const VARNISH_LOG_FORMAT = '%h %l %u %t "%r" %s %b "%{Referer}i" "%{User-agent}i" %{Varnish:hitmiss}x %D'
export const varnishLogArgs = (workDir, logFile) => ['-n', workDir, '-a', '-w', logFile, '-F', VARNISH_LOG_FORMAT]
export const varnishExporterArgs = (workDir, listen) => ['-n', workDir, '-web.listen-address', listen, '-web.health-path', '/healthz']

// The proxies' configuration files are written by scripts/proxy-config.mjs (also used by scripts/systemd.mjs).
export { nginxConfig, varnishConfig } from './proxy-config.mjs'

// The loopback addresses the topology's proxies connect from: nginx to the instances, the TLS front to Varnish.
const PROXY_ADDRESS = '127.0.0.2'
const TLS_FRONT_ADDRESS = '127.0.0.3'

/** A throwaway certificate for localhost, for the topology's TLS front (openssl, from Debian's packages). */
function selfSignedCertificate(dir) {
  const certificate = path.join(dir, 'tls-cert.pem')
  const key = path.join(dir, 'tls-key.pem')
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', certificate, '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' })
  if (made.status !== 0) throw new Error('topology: openssl could not make a certificate for the TLS front (install openssl)')
  return { certificate, key }
}

/**
 * Starts `instances` app instances, nginx in front of them and (unless `cache` is false) Varnish in front of
 * nginx; answers the public base URL and controls. `env` is the shops' environment (shopEnv() of
 * scripts/shop-process.mjs); it must use PostgreSQL. `shopRoot` is the app the instances run (this checkout, or a
 * release's `current` link).
 */
export async function startTopology({ env, dir, instances = 2, port = 3100, firstInstancePort = port + 1, prepare = true, cache = true, tlsPort = /** @type {number | null} */ (null), varnishMetricsPort = port + 91, shopRoot = root }) {
  if (!String(env.DATABASE_URL ?? '').startsWith('postgres')) throw new Error('topology: more than one instance needs PostgreSQL (DATABASE_URL=postgres://…)')
  const nginx = ensureNginx()
  const varnish = cache ? ensureVarnish() : null
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true })
  const banKey = randomBytes(24).toString('hex')
  const shared = {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${port}`,
    // nginx reaches the instances from an address of its own, so that a process on this machine calling an
    // instance directly is not mistaken for the proxy (ADR 036).
    HOST: '127.0.0.1',
    TRUST_PROXY: PROXY_ADDRESS,
    // A stopping instance answers with Connection: close for a moment before it stops listening (server.mjs), so
    // nginx's pooled connections to it end cleanly and a rolling restart fails no request.
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '1500',
    REDIS_URL: env.REDIS_URL || 'redis://127.0.0.1:6379',
    ...(cache ? { HTTP_CACHE_BAN_URL: `http://127.0.0.1:${port}/`, HTTP_CACHE_BAN_KEY: banKey } : {}),
  }
  if (prepare) await prepareDatabase(shared) // once, before any instance: migrations have no lock of their own
  await precompressStatic(path.join(shopRoot, '.next', 'static')) // the build's compressed copies (ADR 019), written once for every instance
  const ports = Array.from({ length: instances }, (_, i) => firstInstancePort + i)
  const running = []
  const startInstance = async (i) => {
    const instanceEnv = { ...shared, PORT: String(ports[i]) }
    // Started in `shopRoot` as given: a link to the current release (scripts/deploy.mjs) is followed at each start.
    const served = await serveShop(instanceEnv, path.join(dir, `instance-${i + 1}.log`), 60_000, [], shopRoot)
    running[i] = { port: ports[i], child: served.child, base: served.base }
    return running[i]
  }
  for (let i = 0; i < instances; i++) await startInstance(i)
  const nginxSocket = path.join(dir, 'nginx.sock')
  fs.rmSync(nginxSocket, { force: true }) // left by an earlier run that was killed; nginx cannot listen over it
  const confFile = path.join(dir, 'nginx.conf')
  const tls = tlsPort && cache ? { listen: `127.0.0.1:${tlsPort}`, ...selfSignedCertificate(dir), upstream: `127.0.0.1:${port}`, bind: TLS_FRONT_ADDRESS } : null
  fs.writeFileSync(confFile, nginxConfig({ dir, listen: cache ? `unix:${nginxSocket}` : `127.0.0.1:${port}`, behindCache: cache, upstreamPorts: ports, bindAddress: PROXY_ADDRESS, tlsFront: [TLS_FRONT_ADDRESS], tls }))
  const proxies = [{ name: 'nginx', log: path.join(dir, 'nginx-error.log'), child: spawn(nginx, ['-c', confFile, '-p', dir, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] }), stopSignal: 'SIGQUIT' }]
  if (varnish) {
    const vclFile = path.join(dir, 'varnish.vcl')
    fs.writeFileSync(vclFile, varnishConfig({ nginxSocket, banKey, tlsFront: [TLS_FRONT_ADDRESS] }))
    const log = fs.openSync(path.join(dir, 'varnish.log'), 'a')
    // -j none: no privilege separation, so it runs as whoever starts the topology and reads its own files.
    const args = ['-F', '-j', 'none', '-n', path.join(dir, 'varnish'), '-a', `127.0.0.1:${port}`, '-f', vclFile, '-s', 'malloc,256m',
      // Room for the policy header (it lists a page's script hashes) and large cookies.
      '-p', 'http_resp_hdr_len=32k', '-p', 'http_resp_size=96k', '-p', 'workspace_backend=192k', '-p', 'http_req_hdr_len=16k', '-p', 'http_req_size=64k', '-p', 'workspace_client=192k']
    proxies.push({ name: 'varnish', log: path.join(dir, 'varnish.log'), child: spawn(varnish, args, { stdio: ['ignore', log, log] }), stopSignal: 'SIGTERM' })
    fs.closeSync(log)
  }
  const base = `http://localhost:${port}`
  for (let waited = 0; ; waited += 100) {
    const exited = proxies.find((p) => p.child.exitCode !== null)
    if (exited) throw new Error(`${exited.name} exited with ${exited.child.exitCode}; see ${exited.log}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      // not listening yet
    }
    if (waited > 15_000) throw new Error(`the proxies did not answer within 15 s; see ${proxies.map((p) => p.log).join(', ')}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  // Both read Varnish's shared memory, which exists once it answers.
  const varnishMetrics = varnish ? `http://127.0.0.1:${varnishMetricsPort}/metrics` : null
  if (varnish) {
    const workDir = path.join(dir, 'varnish')
    const ncsa = ensureDebianProgram('varnishncsa', 'varnish')
    proxies.push({ name: 'varnishncsa', log: path.join(dir, 'varnish-access.log'), child: spawn(ncsa, varnishLogArgs(workDir, path.join(dir, 'varnish-access.log')), { stdio: 'ignore' }), stopSignal: 'SIGTERM' })
    const exporterLog = fs.openSync(path.join(dir, 'varnish-exporter.log'), 'a')
    proxies.push({ name: 'varnish exporter', log: path.join(dir, 'varnish-exporter.log'), child: spawn(ensureVarnishExporter(), varnishExporterArgs(workDir, `127.0.0.1:${varnishMetricsPort}`), { stdio: ['ignore', exporterLog, exporterLog] }), stopSignal: 'SIGTERM' })
    fs.closeSync(exporterLog)
    for (let waited = 0; ; waited += 100) {
      try {
        if ((await fetch(varnishMetrics)).ok) break
      } catch {
        // not listening yet
      }
      if (waited > 15_000) throw new Error(`the Varnish exporter did not answer within 15 s; see ${path.join(dir, 'varnish-exporter.log')}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    base,
    /** The TLS front's address when `tlsPort` was given (a self-signed certificate for localhost). */
    tlsBase: tls ? `https://localhost:${tlsPort}` : null,
    /** Varnish's counters in Prometheus's format (hits, misses, backend failures), and its request log. */
    varnishMetrics,
    varnishAccessLog: varnish ? path.join(dir, 'varnish-access.log') : null,
    instances: running,
    /** Kills one instance as a crash would (SIGKILL). */
    kill: (i) => stopShop(running[i].child, 'SIGKILL'),
    /** Stops one instance as systemd would (SIGTERM: drain, finish what is in flight, exit). */
    terminate: (i) => stopShop(running[i].child, 'SIGTERM'),
    restart: (i) => startInstance(i),
    async stop() {
      await Promise.all(running.map((r) => stopShop(r.child, 'SIGTERM')))
      for (const { child, stopSignal } of proxies.reverse()) {
        await new Promise((resolve) => {
          if (child.exitCode !== null) return resolve()
          child.once('exit', resolve)
          child.kill(stopSignal)
        })
      }
    },
  }
}

async function cli() {
  const [command, ...args] = process.argv.slice(2)
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? Number(args[i + 1]) : fallback
  }
  const dir = path.join(root, 'data', 'topology')
  const pidFile = path.join(dir, 'pids.json')
  if (command === 'down') {
    const pids = fs.existsSync(pidFile) ? JSON.parse(fs.readFileSync(pidFile, 'utf8')) : []
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    fs.rmSync(pidFile, { force: true })
    console.info(`topology: stopped ${pids.length} processes`)
    return
  }
  if (command !== 'up') {
    console.error('usage: npm run topology -- up [--instances 2] [--port 3100] [--no-cache] | down')
    process.exit(2)
  }
  const databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl?.startsWith('postgres')) {
    console.error('topology: set DATABASE_URL=postgres://… (more than one instance needs PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/wheelhouse')
    process.exit(2)
  }
  const port = option('port', 3100)
  const topology = await startTopology({
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: databaseUrl, SITE_URL: process.env.SITE_URL || `http://localhost:${port}` },
    dir,
    instances: option('instances', 2),
    cache: !args.includes('--no-cache'),
    port,
  })
  fs.writeFileSync(pidFile, JSON.stringify([...topology.instances.map((i) => i.child.pid), process.pid]))
  console.info(`topology: ${topology.instances.length} instances (${topology.instances.map((i) => i.port).join(', ')}) behind nginx${args.includes('--no-cache') ? '' : ' and Varnish'} at ${topology.base}; Ctrl-C or \`npm run topology -- down\` stops them`)
  const stop = () => topology.stop().finally(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await cli()
