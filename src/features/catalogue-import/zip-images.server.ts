// Pictures sent with a stock feed as a zip: each goes through the shop's media pipeline (Payload's
// upload: WebP and AVIF sizes, ADR 016) once; a picture already in the media library under the same name is
// not uploaded again, so re-importing the same zip adds nothing. Answers media ids by the file names the
// feed's `images` column uses.
import 'server-only'
import type { Payload } from 'payload'
import { readZip } from '../../lib/zip'

const MIME: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', gif: 'image/gif' }

/** The names a picture may have in the media library: its own, or the WebP the pipeline stored it as. */
export function mediaNamesFor(name: string): string[] {
  const stem = name.replace(/\.[^.]+$/, '')
  return [...new Set([name, `${stem}.webp`])]
}

export async function uploadZipImages(payload: Payload, zip: Buffer, options: { dryRun?: boolean } = {}): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  let placeholder = -1
  for (const entry of readZip(zip)) {
    const ext = entry.name.split('.').pop()?.toLowerCase() ?? ''
    const mimetype = MIME[ext]
    if (!mimetype) continue
    const existing = await payload.find({ collection: 'media', where: { filename: { in: mediaNamesFor(entry.name) } }, limit: 1, depth: 0, overrideAccess: true })
    if (existing.docs[0]) {
      out.set(entry.name, existing.docs[0].id)
      continue
    }
    if (options.dryRun) {
      out.set(entry.name, placeholder--) // would be uploaded; a dry run writes nothing
      continue
    }
    const alt = entry.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim().slice(0, 200) || entry.name
    const doc = await payload.create({ collection: 'media', data: { alt }, file: { data: entry.data, mimetype, name: entry.name, size: entry.data.length }, overrideAccess: true })
    out.set(entry.name, doc.id)
  }
  return out
}
