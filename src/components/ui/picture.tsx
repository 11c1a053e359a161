// A responsive image from a Payload media document: srcset from the sizes sharp made at upload,
// width and height always set so nothing shifts while it loads.
import type { Media } from '../../payload-types'

interface Props {
  media: Media | null | undefined
  sizes: string
  className?: string
  priority?: boolean
  alt?: string
}

export function Picture({ media, sizes, className, priority = false, alt }: Props) {
  if (!media?.url) return <div className={`picture-placeholder ${className ?? ''}`} aria-hidden="true" />
  const candidates = [media.sizes?.thumbnail, media.sizes?.card, media.sizes?.large]
    .filter((s): s is NonNullable<typeof s> => Boolean(s?.url && s.width))
    .map((s) => `${s.url} ${s.width}w`)
  const fallback = media.sizes?.card?.url ?? media.url
  return (
    <img
      className={className}
      src={fallback}
      srcSet={candidates.length ? candidates.join(', ') : undefined}
      sizes={sizes}
      width={media.sizes?.card?.width ?? media.width ?? 640}
      height={media.sizes?.card?.height ?? media.height ?? 480}
      alt={alt ?? media.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  )
}
