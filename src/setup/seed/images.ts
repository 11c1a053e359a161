// Demo pictures drawn locally (SVG rendered by sharp), so the seeded shop needs no downloads.
import sharp from 'sharp'
import type { ProductKind } from '../../domain/catalogue/product-kind'

export interface PictureSpec {
  kind: ProductKind | 'helmet' | 'lock' | 'post' | 'page'
  title: string
  subtitle?: string
  /** main colour, #rrggbb */
  colour: string
  /** 0..n: alternate angle or detail shot, changes the composition a little */
  variant?: number
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function wheel(cx: number, cy: number, r: number, spokes: boolean): string {
  const spokeLines = spokes
    ? Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6
        return `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * r * 0.86).toFixed(1)}" y2="${(cy + Math.sin(a) * r * 0.86).toFixed(1)}" stroke="#9aa7b5" stroke-width="2"/>`
      }).join('')
    : `<circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#3b4654"/>`
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#1b2430" stroke-width="${spokes ? 10 : 26}"/>${spokeLines}<circle cx="${cx}" cy="${cy}" r="${r * 0.12}" fill="#1b2430"/>`
}

function motorbike(colour: string, scooter: boolean): string {
  const body = scooter
    ? `<path d="M360 560 C 420 420, 560 420, 640 470 L 780 470 C 820 470, 840 520, 820 560 Z" fill="${colour}"/><rect x="700" y="300" width="24" height="190" rx="10" fill="#1b2430" transform="rotate(18 712 395)"/><rect x="480" y="440" width="150" height="26" rx="12" fill="#1b2430"/>`
    : `<path d="M420 520 L 520 400 L 700 400 L 780 470 L 700 540 L 520 560 Z" fill="${colour}"/><path d="M500 392 C 560 350, 650 350, 700 392 Z" fill="#1b2430"/><rect x="520" y="470" width="140" height="70" rx="8" fill="#5d6b7a"/><line x1="760" y1="330" x2="860" y2="600" stroke="#1b2430" stroke-width="18"/><line x1="330" y1="600" x2="520" y2="500" stroke="#1b2430" stroke-width="16"/>`
  return wheel(330, 600, scooter ? 95 : 130, false) + wheel(860, 600, scooter ? 95 : 130, false) + body
}

function bicycle(colour: string, electric: boolean): string {
  const frame = `<path d="M330 600 L 520 600 L 700 420 L 480 420 Z M520 600 L 460 380 M700 420 L 860 600 M700 420 L 680 350" stroke="${colour}" stroke-width="18" fill="none" stroke-linejoin="round" stroke-linecap="round"/><rect x="420" y="362" width="90" height="18" rx="8" fill="#1b2430"/><path d="M650 350 L 720 340" stroke="#1b2430" stroke-width="14" stroke-linecap="round"/>`
  const battery = electric ? `<rect x="560" y="440" width="110" height="44" rx="12" fill="#1b2430" transform="rotate(-45 615 462)"/>` : ''
  return wheel(330, 600, 130, true) + wheel(860, 600, 130, true) + frame + battery
}

function jacket(colour: string): string {
  return `<path d="M460 300 L 540 270 L 660 270 L 740 300 L 860 560 L 780 590 L 730 470 L 730 720 L 470 720 L 470 470 L 420 590 L 340 560 Z" fill="${colour}"/><line x1="600" y1="290" x2="600" y2="720" stroke="#1b2430" stroke-width="8"/><path d="M540 270 L 600 330 L 660 270" fill="none" stroke="#1b2430" stroke-width="10"/>`
}

function helmet(colour: string): string {
  return `<path d="M380 560 C 380 330, 560 260, 700 280 C 840 300, 900 420, 880 560 Z" fill="${colour}"/><path d="M620 380 C 720 370, 830 400, 860 470 L 860 520 L 640 520 Z" fill="#7fa6cf" opacity="0.9"/><rect x="380" y="548" width="500" height="34" rx="14" fill="#1b2430"/>`
}

function lock(colour: string): string {
  return `<path d="M470 520 L 470 360 C 470 250, 730 250, 730 360 L 730 520" fill="none" stroke="#9aa7b5" stroke-width="44" stroke-linecap="round"/><rect x="400" y="500" width="400" height="150" rx="28" fill="${colour}"/><circle cx="600" cy="575" r="20" fill="#1b2430"/>`
}

function accessory(colour: string): string {
  return `<ellipse cx="600" cy="470" rx="220" ry="190" fill="${colour}"/><path d="M420 480 L 780 480 L 760 560 L 440 560 Z" fill="#1b2430"/><rect x="470" y="400" width="260" height="60" rx="30" fill="#cfd8e3" opacity="0.75"/>`
}

/** Where the printed title (and subtitle) ends, in the picture's units: the baseline of its last line plus descenders. */
export function textBottom(lineCount: number, subtitle: boolean): number {
  return subtitle ? 170 + (lineCount - 1) * 66 + 10 : 110 + (lineCount - 1) * 66 + 14
}

/** The highest the content pictures' hills reach (their curves stay below it). */
export const HILLS_TOP = 480

/**
 * An article picture's sun: in the sky between the printed title and the hills, never behind the words (at a fixed
 * height it sat across a two-line title).
 */
export function sunFor(lineCount: number, subtitle: boolean, variant: number): { cx: number; cy: number; r: number } {
  const r = 64
  const top = textBottom(lineCount, subtitle) + 24
  return { cx: 300 + (variant % 5) * 150, cy: Math.min(top + r, HILLS_TOP - r), r }
}

function content(colour: string, variant: number, sun: { cx: number; cy: number; r: number }): string {
  const hills = `<path d="M0 700 C 200 560, 400 640, 600 560 C 800 480, 1000 620, 1200 540 L 1200 900 L 0 900 Z" fill="${colour}" opacity="0.85"/><path d="M0 780 C 300 680, 600 760, 900 690 C 1000 670, 1100 700, 1200 690 L 1200 900 L 0 900 Z" fill="#1b2430" opacity="0.5"/>`
  return `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="#f6c453"/>` + hills
}

function artwork(spec: PictureSpec, lineCount: number): string {
  switch (spec.kind) {
    case 'motorcycle':
      return motorbike(spec.colour, false)
    case 'scooter':
      return motorbike(spec.colour, true)
    case 'bicycle':
      return bicycle(spec.colour, false)
    case 'e-bike':
      return bicycle(spec.colour, true)
    case 'riderwear':
      return jacket(spec.colour)
    case 'accessory':
      return accessory(spec.colour)
    case 'helmet':
      return helmet(spec.colour)
    case 'lock':
      return lock(spec.colour)
    default:
      return content(spec.colour, spec.variant ?? 0, sunFor(lineCount, Boolean(spec.subtitle), spec.variant ?? 0))
  }
}

/** Characters of the title's 56 px bold face that fit on one line of the picture, beside its margins. */
const TITLE_LINE_CHARS = 30

/**
 * The title as the picture prints it: whole words, at most `maxLines` lines of `lineChars`; a title longer than that
 * ends with an ellipsis after its last whole word (a word is never cut, as "…motorcycle aft" once was).
 */
export function titleLines(title: string, lineChars = TITLE_LINE_CHARS, maxLines = 2): string[] {
  const lines: string[] = []
  const words = title.trim().split(/\s+/).filter(Boolean)
  let i = 0
  while (i < words.length && lines.length < maxLines) {
    let line = words[i]!.length > lineChars ? `${words[i]!.slice(0, lineChars - 1)}…` : words[i]!
    i++
    while (i < words.length && `${line} ${words[i]}`.length <= lineChars) line = `${line} ${words[i++]}`
    lines.push(line)
  }
  if (i < words.length) {
    const last = lines.pop()!
    lines.push(`${last}`.length + 1 <= lineChars ? `${last}…` : `${last.replace(/\s+\S+$/, '')}…`)
  }
  return lines
}

/** A 1200×900 PNG picture for a product or article. */
export async function drawPicture(spec: PictureSpec): Promise<Buffer> {
  const variant = spec.variant ?? 0
  const background = variant % 2 === 0 ? '#eef2f6' : '#e3e9f0'
  const flip = variant % 2 === 1 ? 'transform="translate(1200 0) scale(-1 1)"' : ''
  const lines = titleLines(spec.title)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <rect width="1200" height="900" fill="${background}"/>
  <rect y="760" width="1200" height="140" fill="#d5dde6"/>
  <g ${flip}>${artwork(spec, lines.length)}</g>
  ${lines.map((line, n) => `<text x="60" y="${110 + n * 66}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="56" font-weight="700" fill="#0d1927">${escape(line)}</text>`).join('')}
  ${spec.subtitle ? `<text x="60" y="${170 + (lines.length - 1) * 66}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="#3b4654">${escape(spec.subtitle.slice(0, 50))}</text>` : ''}
</svg>`
  // Only a hand-over to the upload, which stores WebP and AVIF sizes made from its pixels: the fastest compression.
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer()
}
