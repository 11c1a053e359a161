// A responsive image from a Payload media document: AVIF first and WebP for browsers without it, each with
// a srcset from the sizes sharp made at upload, width and height always set so nothing shifts while it loads.
// A priority picture (the page's largest, first-seen image) is preloaded as AVIF at the size it will be
// shown (ADR 016); media uploaded before the AVIF sizes existed keep the plain WebP image.
import { preload } from 'react-dom'

/** The sizes sharp makes of every picture (the media collection's imageSizes) that a <picture> offers. */
export type PictureSize = 'thumbnail' | 'card' | 'large' | 'thumbnailAvif' | 'cardAvif' | 'largeAvif'

/** What a picture needs of a media document; a Media document is one, and so is a product card's picture. */
export interface PictureMedia {
  url?: string | null
  alt: string
  width?: number | null
  height?: number | null
  sizes?: Partial<Record<PictureSize, { url?: string | null; width?: number | null; height?: number | null } | undefined>>
}

interface Props {
  media: PictureMedia | null | undefined
  sizes: string
  className?: string
  priority?: boolean
  alt?: string
}

type Size = { url?: string | null; width?: number | null } | null | undefined

function srcSet(list: Size[]): string | undefined {
  const candidates = list.filter((s): s is { url: string; width: number } => Boolean(s?.url && s.width)).map((s) => `${s.url} ${s.width}w`)
  return candidates.length ? candidates.join(', ') : undefined
}

export function Picture({ media, sizes, className, priority = false, alt }: Props) {
  if (!media?.url) return <div className={`picture-placeholder ${className ?? ''}`} aria-hidden="true" />
  const webp = srcSet([media.sizes?.thumbnail, media.sizes?.card, media.sizes?.large])
  const avif = srcSet([media.sizes?.thumbnailAvif, media.sizes?.cardAvif, media.sizes?.largeAvif])
  const fallback = media.sizes?.card?.url ?? media.url
  const img = (
    <img
      className={className}
      src={fallback}
      srcSet={webp}
      sizes={sizes}
      width={media.sizes?.card?.width ?? media.width ?? 640}
      height={media.sizes?.card?.height ?? media.height ?? 480}
      alt={alt ?? media.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? undefined : 'async'}
    />
  )
  // Without AVIF sizes React preloads a priority <img> by itself; inside <picture> it cannot know which
  // source wins, so the AVIF one is named here (browsers without AVIF skip a preload of that type).
  if (!avif) return img
  if (priority) preload(media.sizes?.cardAvif?.url ?? fallback, { as: 'image', type: 'image/avif', imageSrcSet: avif, imageSizes: sizes, fetchPriority: 'high' })
  return (
    <picture className="picture">
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  )
}
