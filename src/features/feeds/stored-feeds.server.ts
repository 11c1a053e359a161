// The sitemap (index and files) and the Google Merchant feed, built once per catalogue change and served from files
// (ADR 042). A build reads the catalogue as the streams beside this file do and writes every document into a new
// folder under DATA_DIR/feeds; that folder's name then goes into current.json by rename, so a reader finds the
// whole old set or the whole new one, never a mix. A request reads current.json and streams one file: it never
// reads the catalogue. A request that finds no build (the first one, or one made for another SITE_URL) builds once,
// under a lock the process's requests share. Rebuilds after changes are jobs, queued by rebuild-feeds.ts.
import 'server-only'
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { Payload } from 'payload'
import { env } from '../../config/env'
import { SITEMAP_URLS_PER_FILE, sitemapFileCount } from '../../domain/seo/sitemap'
import { merchantFeedStream } from './merchant-feed.server'
import { queueFeedsRebuild } from './rebuild-feeds'
import { sectionCounts, sitemapFileStream, sitemapIndex } from './sitemap.server'

/** What current.json says: the folder of the latest whole build and what it was built for. */
export interface FeedsManifest {
  readonly generation: string
  readonly siteUrl: string
  readonly perFile: number
  readonly sitemapFiles: number
  /** When the build began reading the catalogue: it holds every change made before. */
  readonly startedAt: string
  readonly builtAt: string
}

export type FeedDocument = { readonly kind: 'sitemap-index' } | { readonly kind: 'sitemap-file'; readonly n: number } | { readonly kind: 'merchant' }

export interface FeedsOptions {
  /** Where builds live; DATA_DIR/feeds by default. */
  readonly dir?: string
  /** The shop's public address the documents link to; SITE_URL by default. */
  readonly siteUrl?: string
  /** URLs per sitemap file; tests make it small. */
  readonly perFile?: number
}

export interface StoredFeed {
  readonly body: ReadableStream<Uint8Array>
  readonly size: number
  readonly builtAt: string
}

/**
 * A build this old is still served, but the request queues a rebuild: the feed's availability follows sales,
 * which are not catalogue edits, and a change whose job was lost is caught up with.
 */
export const FEEDS_MAX_AGE_MS = 60 * 60_000
const MANIFEST = 'current.json'
const BUILDING = 'building-'
/** A build folder left this long by a process that died while writing it is removed by the next build. */
const ABANDONED_MS = 6 * 60 * 60_000
/** A finished build younger than this is never removed: another process may be about to publish it. */
const RECENT_MS = 10 * 60_000

function resolved(options: FeedsOptions) {
  return { dir: options.dir ?? path.join(env().dataDir, 'feeds'), siteUrl: options.siteUrl ?? env().SITE_URL, perFile: options.perFile ?? SITEMAP_URLS_PER_FILE }
}

const fileName = (doc: FeedDocument) => (doc.kind === 'sitemap-index' ? 'sitemap.xml' : doc.kind === 'merchant' ? 'google-merchant.xml' : `sitemap-${doc.n}.xml`)

/** Writes a stream to a file and flushes it to disk, so the rename that publishes it never points at a torn file. */
async function writeDocument(file: string, body: ReadableStream<Uint8Array> | string): Promise<void> {
  if (typeof body === 'string') await writeFile(file, body)
  else await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(file))
  const handle = await open(file, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/**
 * Builds every document from the catalogue as it is now and publishes them together. Safe to run twice at once
 * (two instances, or a job beside a first request): each writes a folder of its own and the later rename wins.
 */
export async function buildFeeds(payload: Payload, options: FeedsOptions = {}): Promise<FeedsManifest> {
  const { dir, siteUrl, perFile } = resolved(options)
  const started = Date.now()
  const generation = `${new Date(started).toISOString().replace(/[-:.]/g, '')}-${process.pid}-${randomBytes(3).toString('hex')}`
  const work = path.join(dir, `${BUILDING}${generation}`)
  await mkdir(work, { recursive: true })
  let sitemapFiles: number
  try {
    // Counted once: the index lists exactly the files written, whatever changes while they are written.
    const counts = await sectionCounts(payload)
    sitemapFiles = sitemapFileCount(counts, perFile)
    await writeDocument(path.join(work, fileName({ kind: 'sitemap-index' })), await sitemapIndex(payload, { siteUrl, perFile, counts }))
    for (let n = 1; n <= sitemapFiles; n++) {
      const body = await sitemapFileStream(payload, n, { siteUrl, perFile, counts })
      if (body === null) throw new Error(`sitemap file ${n} of ${sitemapFiles} has no slice`)
      await writeDocument(path.join(work, fileName({ kind: 'sitemap-file', n })), body)
    }
    await writeDocument(path.join(work, fileName({ kind: 'merchant' })), await merchantFeedStream(payload, { siteUrl }))
    await rename(work, path.join(dir, generation))
  } catch (error) {
    await rm(work, { recursive: true, force: true })
    throw error
  }
  const manifest: FeedsManifest = { generation, siteUrl, perFile, sitemapFiles, startedAt: new Date(started).toISOString(), builtAt: new Date().toISOString() }
  const next = path.join(dir, `${MANIFEST}.${generation}`)
  await writeDocument(next, JSON.stringify(manifest))
  await rename(next, path.join(dir, MANIFEST))
  await sweep(dir, generation).catch((error) => payload.logger.warn({ err: error }, 'feeds: removing old builds failed'))
  payload.logger.info({ generation, sitemapFiles, ms: Date.now() - started }, 'feeds: sitemap and merchant feed built')
  return manifest
}

/**
 * Removes builds no reader needs: every finished one but the current, the one before it (a request may have read the
 * manifest just before the switch, and opens its file a moment later) and any finished in the last minutes (another
 * process's, about to be published), and abandoned half-builds.
 */
async function sweep(dir: string, current: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true })
  const age = async (name: string) => Date.now() - (await stat(path.join(dir, name))).mtimeMs
  const finished = entries.filter((e) => e.isDirectory() && !e.name.startsWith(BUILDING) && e.name !== current).map((e) => e.name).sort()
  finished.pop() // the newest other build: kept
  for (const name of finished) if ((await age(name)) > RECENT_MS) await rm(path.join(dir, name), { recursive: true, force: true })
  for (const e of entries) {
    const leftover = (e.isDirectory() && e.name.startsWith(BUILDING)) || (e.isFile() && e.name.startsWith(`${MANIFEST}.`))
    if (leftover && (await age(e.name)) > ABANDONED_MS) await rm(path.join(dir, e.name), { recursive: true, force: true })
  }
}

/** The latest build's manifest, or null when there is none that is whole (never built, or unreadable). */
export async function readFeedsManifest(options: FeedsOptions = {}): Promise<FeedsManifest | null> {
  const { dir } = resolved(options)
  try {
    const parsed = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Partial<FeedsManifest>
    const whole = typeof parsed.generation === 'string' && typeof parsed.siteUrl === 'string' && Number.isSafeInteger(parsed.sitemapFiles) && Number.isSafeInteger(parsed.perFile) && typeof parsed.startedAt === 'string' && typeof parsed.builtAt === 'string'
    return whole ? (parsed as FeedsManifest) : null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return null
    throw error
  }
}

/** A second a machine's clock may be behind another's: a build must have begun this much after a change to hold it. */
const CLOCK_MARGIN_MS = 1000

/**
 * The job's work: builds again unless the current build (for these options) began after `changedAt`, the last change
 * the job stands for (a first request, start-up or another job built since). Answers the build, or null when skipped.
 */
export async function rebuildFeedsFor(payload: Payload, changedAt: string | null | undefined, options: FeedsOptions = {}): Promise<FeedsManifest | null> {
  const changed = changedAt ? Date.parse(changedAt) : Number.NaN
  const current = await readFeedsManifest(options)
  if (fitting(options)(current) && !Number.isNaN(changed) && Date.parse(current.startedAt) > changed + CLOCK_MARGIN_MS) return null
  return buildFeeds(payload, options)
}

interface ProcessState {
  first: Promise<FeedsManifest> | null
  nudgedAt: number
}

// On globalThis: Turbopack instantiates this module once per route group (ADR 032), and the sitemap and the feed
// are in different ones; one first build serves both.
const STATE = '__wheelhouseStoredFeeds'
const state = (): ProcessState => ((globalThis as { [STATE]?: ProcessState })[STATE] ??= { first: null, nudgedAt: 0 })

function fitting(options: FeedsOptions) {
  const { siteUrl, perFile } = resolved(options)
  return (m: FeedsManifest | null): m is FeedsManifest => m !== null && m.siteUrl === siteUrl && m.perFile === perFile
}

/** One build for every request of the process that needs one now: they wait for it together. */
function buildShared(payload: Payload, options: FeedsOptions): Promise<FeedsManifest> {
  const s = state()
  s.first ??= buildFeeds(payload, options).finally(() => {
    s.first = null
  })
  return s.first
}

/** A manifest for these options, building one first when there is none: concurrent requests share that build. */
async function currentManifest(payload: Payload, options: FeedsOptions): Promise<FeedsManifest> {
  const fits = fitting(options)
  const found = await readFeedsManifest(options)
  if (fits(found)) return found
  const pending = state().first
  if (pending) {
    const built = await pending
    if (fits(built)) return built
  }
  return buildShared(payload, options)
}

/** Asks for a rebuild of an old build, at most once every few minutes per process; the answer never waits for it. */
function nudgeIfOld(payload: Payload, manifest: FeedsManifest): void {
  const s = state()
  const now = Date.now()
  if (now - Date.parse(manifest.builtAt) < FEEDS_MAX_AGE_MS || now - s.nudgedAt < 5 * 60_000) return
  s.nudgedAt = now
  queueFeedsRebuild(payload).catch((error) => payload.logger.warn({ err: error }, 'feeds: queueing a rebuild of an old build failed'))
}

/**
 * One stored document as a stream, or null when the build has no such document (a sitemap file past the last).
 * Reads only files, except before the first build.
 */
export async function storedFeed(payload: Payload, doc: FeedDocument, options: FeedsOptions = {}): Promise<StoredFeed | null> {
  const { dir } = resolved(options)
  let manifest = await currentManifest(payload, options)
  for (let attempt = 0; ; attempt++) {
    if (doc.kind === 'sitemap-file' && (doc.n < 1 || doc.n > manifest.sitemapFiles)) return null
    let handle: FileHandle | null = null
    try {
      handle = await open(path.join(dir, manifest.generation, fileName(doc)), 'r')
      const { size } = await handle.stat()
      nudgeIfOld(payload, manifest)
      // The open handle keeps the file readable to the end even if a later build removes it meanwhile.
      const body = Readable.toWeb(handle.createReadStream()) as unknown as ReadableStream<Uint8Array>
      return { body, size, builtAt: manifest.builtAt }
    } catch (error) {
      await handle?.close().catch(() => undefined)
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 1) throw error
      // Removed since the manifest was read (builds in two processes at once): the manifest now names another build,
      // or, when it still names this one, one is built.
      const again = await readFeedsManifest(options)
      manifest = fitting(options)(again) && again.generation !== manifest.generation ? again : await buildShared(payload, options)
    }
  }
}
