import type { MetadataRoute } from 'next'

// The installable web app (spec §1): standalone, #0d1927, starting at the root.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Wheelhouse Motorcycles & Cycles',
    short_name: 'Wheelhouse',
    description: 'New and used motorcycles, scooters, bicycles and e-bikes, rider wear and accessories.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0d1927',
    background_color: '#0d1927',
    lang: 'en-GB',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}
