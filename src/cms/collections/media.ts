// Images for products and content; sharp makes the responsive sizes at upload, each in WebP and in AVIF
// (about a third smaller again; the storefront offers AVIF first and falls back to WebP, ADR 016).
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionConfig, PayloadRequest } from 'payload'
import { refuse } from '../../lib/http/respond'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'

/** `avifEffort`: sharp's AVIF effort (MEDIA_AVIF_EFFORT; 3 unless set). */
export function mediaCollection(staticDir: string, avifEffort = 3): CollectionConfig {
  return {
    slug: 'media',
    admin: { group: 'Content' },
    access: { read: anyone, create: staffOnly, update: staffOnly, delete: staffOnly },
    upload: {
      staticDir,
      mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'],
      focalPoint: true,
      formatOptions: { format: 'webp', options: { quality: 82 } },
      imageSizes: [
        { name: 'thumbnail', width: 320, height: 240, position: 'centre', formatOptions: { format: 'webp', options: { quality: 78 } } },
        { name: 'card', width: 640, height: 480, position: 'centre', formatOptions: { format: 'webp', options: { quality: 80 } } },
        { name: 'large', width: 1280, height: 960, position: 'centre', formatOptions: { format: 'webp', options: { quality: 82 } } },
        // AVIF quality 60 looks like WebP 80; effort 3 keeps a 1280 px encode near a second on two cores.
        { name: 'thumbnailAvif', width: 320, height: 240, position: 'centre', formatOptions: { format: 'avif', options: { quality: 58, effort: avifEffort } } },
        { name: 'cardAvif', width: 640, height: 480, position: 'centre', formatOptions: { format: 'avif', options: { quality: 60, effort: avifEffort } } },
        { name: 'largeAvif', width: 1280, height: 960, position: 'centre', formatOptions: { format: 'avif', options: { quality: 62, effort: avifEffort } } },
      ],
      adminThumbnail: 'thumbnail',
      handlers: [missingFileIsNotFound(staticDir)],
    },
    fields: [
      { name: 'alt', type: 'text', required: true, maxLength: 200, admin: { description: 'Describe the picture for people who cannot see it.' } },
    ],
  }
}

/**
 * A file asked for that is not on disk is a 404, not an error: Payload's own fallback answers 500 and logs at
 * error level, so anyone could fill the error log by asking for made-up names. A file that exists is
 * left to Payload (undefined: the next handler, then its own serving with ETag and ranges).
 */
function missingFileIsNotFound(staticDir: string) {
  // Payload's type says Promise<Response>, but its getFile goes on to the next handler when one answers anything else.
  return (_req: PayloadRequest, { params }: { params: { filename: string } }): Promise<Response> => answer(staticDir, params.filename) as Promise<Response>
}

async function answer(staticDir: string, filename: string): Promise<Response | undefined> {
  const dir = path.resolve(staticDir)
  const file = path.resolve(dir, filename)
  if (!file.startsWith(dir + path.sep)) return undefined
  const found = await stat(file).then((s) => s.isFile(), () => false)
  return found ? undefined : refuse(404, 'not_found', 'There is no such image.')
}
