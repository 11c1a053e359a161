'use client'
// Registers the service worker on secure origins only (spec §4, §8), reloads after an update when
// resources had failed to load, and turns a failed chunk load into a full load of the route (spec §8).
import { useEffect } from 'react'

export const SW_INSECURE_WARNING = 'Service workers can only be used over HTTPS, or on localhost for development'

export function isSecureForServiceWorker(location: { protocol: string; hostname: string }): boolean {
  return location.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname)
}

function isChunkLoadError(reason: unknown): boolean {
  const text = reason instanceof Error ? `${reason.name} ${reason.message}` : String(reason)
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module/i.test(text)
}

export function ServiceWorkerRegistration() {
  useEffect(() => {
    let resourcesFailed = false
    const onResourceError = (event: Event) => {
      const target = event.target as HTMLElement | null
      if (target && (target.tagName === 'SCRIPT' || target.tagName === 'LINK')) resourcesFailed = true
    }
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) window.location.assign(window.location.href)
    }
    window.addEventListener('error', onResourceError, true)
    window.addEventListener('unhandledrejection', onRejection)

    if ('serviceWorker' in navigator) {
      if (isSecureForServiceWorker(window.location)) {
        const onControllerChange = () => {
          if (resourcesFailed) window.location.reload()
        }
        navigator.serviceWorker.addEventListener('controllerchange', onControllerChange)
        navigator.serviceWorker.register('/sw.js').catch(() => {})
      } else {
        console.warn(SW_INSECURE_WARNING)
      }
    }
    return () => {
      window.removeEventListener('error', onResourceError, true)
      window.removeEventListener('unhandledrejection', onRejection)
    }
  }, [])
  return null
}
