import { describe, expect, it } from 'vitest'
import { CONSENT_MODE_SCRIPT, CONSENT_PRECHECK_SCRIPT, consentCookie, readConsent } from './consent'

describe('cookie consent', () => {
  it('reads only a valid stored choice', () => {
    expect(readConsent('a=1; wh_consent=accepted; b=2')).toBe('accepted')
    expect(readConsent('wh_consent=declined')).toBe('declined')
    expect(readConsent('wh_consent=maybe')).toBeNull()
    expect(readConsent('')).toBeNull()
  })
  it('writes a year-long, site-wide cookie, Secure over HTTPS', () => {
    expect(consentCookie('declined', false)).toBe('wh_consent=declined; Max-Age=31536000; Path=/; SameSite=Lax')
    expect(consentCookie('accepted', true)).toMatch(/; Secure$/)
  })
})

describe('CONSENT_PRECHECK_SCRIPT', () => {
  function run(cookie: string): boolean {
    let marked = false
    const document = { cookie, documentElement: { setAttribute: (name: string) => (marked = name === 'data-consent-stored') } }
    new Function('document', CONSENT_PRECHECK_SCRIPT)(document)
    return marked
  }

  it('marks the page when a choice is stored, and only then', () => {
    expect(run('wh_consent=accepted')).toBe(true)
    expect(run('a=1; wh_consent=declined; b=2')).toBe(true)
    expect(run('')).toBe(false)
    expect(run('wh_consent=maybe')).toBe(false)
    expect(run('old_wh_consent=accepted')).toBe(false)
    expect(run('wh_consent=accepted_not')).toBe(false)
  })
})

describe('CONSENT_MODE_SCRIPT', () => {
  type Queue = { push(e: unknown, k?: string | null): void; grant(): void; deny(): void }
  function load(cookie: string, stored = new Map<string, string>()) {
    const window: { dataLayer?: unknown[]; whAnalytics?: Queue } = {}
    const localStorage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) }
    new Function('window', 'document', 'localStorage', CONSENT_MODE_SCRIPT)(window, { cookie }, localStorage)
    const layer = () => window.dataLayer!.map((entry) => (typeof entry === 'object' && entry !== null && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry))
    return { queue: window.whAnalytics!, layer, stored }
  }
  const denied = ['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]
  const granted = ['consent', 'update', { analytics_storage: 'granted' }]
  const view = { event: 'view_item', ecommerce: { currency: 'GBP', items: [] } }

  it('denies every storage by default and holds events until the visitor accepts, then sends them in order', () => {
    const { queue, layer } = load('')
    expect(layer()).toEqual([denied])
    queue.push(view)
    queue.push({ ...view, event: 'add_to_cart' })
    expect(layer()).toEqual([denied])
    queue.grant()
    expect(layer()).toEqual([denied, granted, { ecommerce: null }, view, { ecommerce: null }, { ...view, event: 'add_to_cart' }])
    queue.push(view)
    expect(layer()).toHaveLength(8)
  })

  it('grants at once for a visitor who accepted before, and sends nothing for one who declined', () => {
    const accepted = load('a=1; wh_consent=accepted')
    accepted.queue.push(view)
    expect(accepted.layer()).toEqual([denied, granted, { ecommerce: null }, view])
    const declined = load('wh_consent=declined')
    declined.queue.push(view)
    expect(declined.layer()).toEqual([denied])
  })

  it('drops held events when the visitor declines', () => {
    const { queue, layer } = load('')
    queue.push(view)
    queue.deny()
    queue.push(view)
    expect(layer()).toEqual([denied])
  })

  it('sends a keyed event (a purchase) once per browser, across page loads', () => {
    const stored = new Map<string, string>()
    const first = load('wh_consent=accepted', stored)
    first.queue.push({ ...view, event: 'purchase' }, 'wh_ga_purchase:WH-1')
    first.queue.push({ ...view, event: 'purchase' }, 'wh_ga_purchase:WH-1')
    expect(first.layer().filter((e) => (e as { event?: string }).event === 'purchase')).toHaveLength(1)
    const reloaded = load('wh_consent=accepted', stored)
    reloaded.queue.push({ ...view, event: 'purchase' }, 'wh_ga_purchase:WH-1')
    expect(reloaded.layer()).toEqual([denied, granted])
  })
})
