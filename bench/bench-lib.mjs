// What the benches share: the shop process's CPU and peak memory from /proc, a cached page's rate, and the uncached
// searches and suggestions catalogue-scale.mjs, node-flags.mjs and suggestions.mjs ask for.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import autocannon from 'autocannon'

/** CPU time (user and system) the process has used, in ms, from /proc (clock ticks of 10 ms). */
export function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10 // utime, stime (fields 14 and 15 of stat)
}

/** The process's peak resident memory (VmHWM), in MB. */
export function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024)
}

const SEARCH_WORDS = ['honda', 'helmet', 'africa twn', 'ebike', 'gloves', 'yamaha mt', 'a2 bikes', 'under 5000', 'kawasaki', 'jacket']
const MARKS = ['!', '?', '.', ',']

/** The n-th search of the benches' words, made unique by trailing marks that search ignores (so no cache has seen it). */
export function uncachedSearchUrl(base, n) {
  return `${base}/search?q=${encodeURIComponent(`${SEARCH_WORDS[n % SEARCH_WORDS.length]} ${searchMarks(n)}`)}`
}

/** The n-th string of marks that search ignores, each different: words followed by it make an address no cache has seen. */
export const searchMarks = (n) => n.toString(4).replace(/[0-3]/g, (d) => MARKS[Number(d)])

// What a rider has typed so far: every prefix of 3 to 7 letters of words in the catalogue, each asked once (the
// suggestions are cached per normalised prefix for a few seconds, so a repeated one would not be uncached).
export const TYPED = [
  'honda', 'yamaha', 'kawasaki', 'suzuki', 'triumph', 'ducati', 'royal enfield', 'trek', 'specialized', 'oxford', 'alpinestars', 'shoei', 'dainese', 'kriega',
  'helmet', 'jacket', 'gloves', 'locks', 'lights', 'luggage', 'touring', 'adventure', 'classic', 'storm', 'street', 'scooter', 'africa twin', 'electric',
].flatMap((w) => Array.from({ length: Math.min(w.length, 7) - 2 }, (_, i) => w.slice(0, i + 3)))
/** Suggestions asked first, untimed, to compile the route: none of them is in TYPED. */
export const SUGGEST_WARM_UP = ['bmw', 'kt', 'visor', 'boots', 'chain']

/** The value after `--name` on the command line, or `fallback`. */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : fallback
}

/** Every value given after `--name` (an option that may be repeated). */
export function options(name) {
  return process.argv.flatMap((a, i) => (a === `--${name}` ? [process.argv[i + 1]] : []))
}

/** The p-th percentile of sorted numbers (p99 of 300 is the third slowest). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

/** The secret every throwaway bench shop is given. */
export const BENCH_SECRET = 'bench-only-secret-0123456789abcdef-0123'

/** Staff of the large catalogue (`npm run seed:large`), from ADMIN_EMAIL and ADMIN_PASSWORD as it was loaded. */
export const LARGE_ADMIN = { email: process.env.ADMIN_EMAIL ?? 'admin@large.test', password: process.env.ADMIN_PASSWORD ?? 'large-admin-password-1234' }

/** The existing database a bench measures (--db, else DATABASE_URL); exits when none is given. */
export function existingDatabase() {
  const db = option('db', process.env.DATABASE_URL)
  if (!db) {
    console.error('Give the database: --db postgres://postgres@127.0.0.1:5432/wheelhouse_large (or file:/path.db)')
    process.exit(2)
  }
  return db
}

/** The load generator cachedPageRate uses: wrk when installed (apt-get install wrk), else autocannon. */
export const PAGE_LOAD = spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error ? 'autocannon' : 'wrk'

/** wrk on one thread with `connections` for `seconds` (install it: apt-get install wrk): requests answered and the time taken. */
export function wrkRun(url, headers, { connections = 10, seconds = 5 } = {}) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]), url]
  const run = spawnSync('wrk', args, { encoding: 'utf8' })
  if (run.error) throw run.error
  if (/Non-2xx/.test(run.stdout)) throw new Error(`${url}: non-2xx answers\n${run.stdout}`)
  return { requests: Number(/(\d+) requests in/.exec(run.stdout)?.[1] ?? 0), seconds: Number(/requests in ([\d.]+)s/.exec(run.stdout)?.[1] ?? seconds) }
}

/**
 * Requests/s of a cached page under 10 connections for 5 s, gzip as a browser asks, and the shop's (`pid`) own CPU
 * per request. wrk is lighter than autocannon, which shares the two cores with the shop and spends more CPU per
 * response than the shop does, so with autocannon the rate falls with the page's size whatever the shop does.
 */
export async function cachedPageRate(pid, url) {
  const before = cpuMs(pid)
  let requests
  let seconds
  if (PAGE_LOAD === 'wrk') {
    ;({ requests, seconds } = wrkRun(url, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }))
  } else {
    const result = await autocannon({ url, connections: 10, duration: 5, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } })
    if (result.non2xx) throw new Error(`${url}: ${result.non2xx} non-2xx answers`)
    requests = result.requests.total
    seconds = result.duration
  }
  return { rps: requests / seconds, cpuMs: (cpuMs(pid) - before) / Math.max(1, requests) }
}
