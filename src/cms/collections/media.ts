// Images for products and content; sharp makes the responsive sizes at upload, each in WebP and in AVIF
// (about a third smaller again; the storefront offers AVIF first and falls back to WebP, ADR 016).
import type { CollectionConfig } from 'payload'
import { anyone } from '../access/anyone'
import { staffOnly } from '../access/staff-only'

export function mediaCollection(staticDir: string): CollectionConfig {
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
        { name: 'thumbnailAvif', width: 320, height: 240, position: 'centre', formatOptions: { format: 'avif', options: { quality: 58, effort: 3 } } },
        { name: 'cardAvif', width: 640, height: 480, position: 'centre', formatOptions: { format: 'avif', options: { quality: 60, effort: 3 } } },
        { name: 'largeAvif', width: 1280, height: 960, position: 'centre', formatOptions: { format: 'avif', options: { quality: 62, effort: 3 } } },
      ],
      adminThumbnail: 'thumbnail',
    },
    fields: [
      { name: 'alt', type: 'text', required: true, maxLength: 200, admin: { description: 'Describe the picture for people who cannot see it.' } },
    ],
  }
}
