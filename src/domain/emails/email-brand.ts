// How the shop's emails look and who they come from: the dealer's name, logo and colours and the details every
// footer carries, from the site settings. Pure: the senders read the settings and pass this to the layout.
import { addressLines, type PostalAddress } from '../invoices/sales-document'

/** Who the email comes from, as its words name the dealer (the model cancellation form, "Questions? Contact …"). */
export interface DealerDetails {
  readonly name: string
  /** The shop's geographical address, one part a line (for the model cancellation form and the footer). */
  readonly addressLines: readonly string[]
  readonly phone?: string | null
  readonly email?: string | null
  readonly siteUrl: string
}

export interface EmailBrand extends DealerDetails {
  /** An absolute address of a PNG or JPEG logo (many mail programs show no SVG). */
  readonly logoUrl: string
  /** The header's background; white text sits on it. */
  readonly headerColour: string
  /** The buttons' background; white text sits on it. */
  readonly accentColour: string
  readonly vatNumber?: string | null
}

/** The shop's own colours (the storefront's --brand and --accent), used until staff choose others. */
export const DEFAULT_EMAIL_COLOURS = { header: '#0d1927', accent: '#b3261e' } as const

export interface BrandSettings {
  readonly dealerName?: string | null
  readonly vatNumber?: string | null
  readonly address?: PostalAddress | null
  readonly phone?: string | null
  readonly email?: string | null
  readonly emails?: { readonly headerColour?: string | null; readonly accentColour?: string | null; readonly logo?: unknown } | null
}

/** The logo's address: the uploaded one when staff chose it (the settings read at depth 1), else the shop's own icon. */
function logoOf(settings: BrandSettings, siteUrl: string): string {
  const logo = settings.emails?.logo
  const url = logo && typeof logo === 'object' && typeof (logo as { url?: unknown }).url === 'string' ? (logo as { url: string }).url : null
  return new URL(url ?? '/icons/icon-192.png', siteUrl).toString()
}

export function emailBrandOf(settings: BrandSettings, siteUrl: string): EmailBrand {
  return {
    name: settings.dealerName?.trim() || 'Wheelhouse',
    siteUrl: siteUrl.replace(/\/+$/, ''),
    logoUrl: logoOf(settings, siteUrl),
    headerColour: isHexColour(settings.emails?.headerColour) ? settings.emails.headerColour : DEFAULT_EMAIL_COLOURS.header,
    accentColour: isHexColour(settings.emails?.accentColour) ? settings.emails.accentColour : DEFAULT_EMAIL_COLOURS.accent,
    addressLines: addressLines(settings.address),
    phone: settings.phone ?? null,
    email: settings.email ?? null,
    vatNumber: settings.vatNumber ?? null,
  }
}

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value)
}

/** WCAG's contrast ratio of white text on `hex` (a #rrggbb colour). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
  return 1.05 / (luminance + 0.05)
}

/** The settings' check of a colour white text sits on: #rrggbb, at WCAG AA contrast (4.5:1) or more; empty uses the shop's own. */
export function validateEmailColour(value: unknown): true | string {
  if (value == null || value === '') return true
  if (!isHexColour(value)) return 'Write the colour as # and six hex digits, e.g. #0d1927'
  const ratio = contrastWithWhite(value)
  return ratio >= 4.5 ? true : `White text on ${value} has a contrast of ${ratio.toFixed(1)}:1; choose a darker colour (at least 4.5:1).`
}
