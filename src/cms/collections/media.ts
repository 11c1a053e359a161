// Images for products and content; sharp makes the responsive sizes at upload.
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
      ],
      adminThumbnail: 'thumbnail',
    },
    fields: [
      { name: 'alt', type: 'text', required: true, maxLength: 200, admin: { description: 'Describe the picture for people who cannot see it.' } },
    ],
  }
}
