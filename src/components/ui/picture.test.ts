// The catalogue picture: AVIF offered first with WebP behind it, both at every size sharp made; the
// priority (LCP) picture is fetched early, as AVIF, at the size it is shown.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Media } from '../../payload-types'
import { Picture } from './picture'

const size = (name: string, width: number, ext: string) => ({ url: `/api/media/file/bike-${width}x${(width * 3) / 4}.${ext}`, width, height: (width * 3) / 4, mimeType: `image/${ext}`, filename: name })

const media = {
  id: 1,
  alt: 'A red motorcycle',
  url: '/api/media/file/bike.webp',
  width: 1200,
  height: 900,
  updatedAt: '',
  createdAt: '',
  sizes: {
    thumbnail: size('t', 320, 'webp'),
    card: size('c', 640, 'webp'),
    thumbnailAvif: size('ta', 320, 'avif'),
    cardAvif: size('ca', 640, 'avif'),
  },
} as unknown as Media

const render = (props: Parameters<typeof Picture>[0]) => renderToStaticMarkup(createElement(Picture, props))

describe('Picture', () => {
  it('offers AVIF first, with the WebP <img> as the fallback, lazy by default', () => {
    expect(render({ media, sizes: '90vw', className: 'card__image' })).toBe(
      '<picture class="picture">' +
        '<source type="image/avif" srcSet="/api/media/file/bike-320x240.avif 320w, /api/media/file/bike-640x480.avif 640w" sizes="90vw"/>' +
        '<img class="card__image" src="/api/media/file/bike-640x480.webp" srcSet="/api/media/file/bike-320x240.webp 320w, /api/media/file/bike-640x480.webp 640w"' +
        ' sizes="90vw" width="640" height="480" alt="A red motorcycle" loading="lazy" decoding="async"/>' +
        '</picture>',
    )
  })

  it('preloads a priority picture as AVIF with its srcset and sizes, at high priority', () => {
    const html = render({ media, sizes: '(min-width: 900px) 580px, 100vw', priority: true, alt: '' })
    expect(html.startsWith(
      '<link rel="preload" as="image" type="image/avif" fetchPriority="high"' +
        ' imageSrcSet="/api/media/file/bike-320x240.avif 320w, /api/media/file/bike-640x480.avif 640w" imageSizes="(min-width: 900px) 580px, 100vw"/>',
    )).toBe(true)
    expect(html).toContain('loading="eager" fetchPriority="high"')
    expect(html).not.toContain('decoding=')
  })

  it('keeps the plain WebP image for media uploaded before the AVIF sizes', () => {
    const old = { ...media, sizes: { thumbnail: media.sizes?.thumbnail, card: media.sizes?.card } } as Media
    const html = render({ media: old, sizes: '90vw' })
    expect(html).not.toContain('<picture')
    expect(html.startsWith('<img ')).toBe(true)
    expect(html).toContain('srcSet="/api/media/file/bike-320x240.webp 320w, /api/media/file/bike-640x480.webp 640w"')
  })

  it('draws a placeholder of the same shape without a picture', () => {
    expect(render({ media: null, sizes: '90vw', className: 'x' })).toBe('<div class="picture-placeholder x" aria-hidden="true"></div>')
  })
})
