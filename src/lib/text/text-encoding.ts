// A text file as a spreadsheet saves it: UTF-8 ("CSV UTF-8", with or without a byte-order mark) or Windows-1252
// (Excel's plain "CSV" on a UK or western European machine, where "£" is the single byte A3). Read as chosen, or
// detected: bytes that are valid UTF-8 are UTF-8 (plain ASCII is both), anything else is tried as Windows-1252.
// A file that is neither (UTF-16 "Unicode text", a spreadsheet's own .xlsx, an image, bytes Windows-1252 leaves
// undefined) is refused with a message that says how to save it instead.
//
// Windows-1252 is decoded here by its table rather than by TextDecoder: Node 20's decoder treats the label as
// Latin-1, which turns 0x80 into a control character instead of "€".

export type TextEncodingChoice = 'auto' | 'utf-8' | 'windows-1252'
export const TEXT_ENCODING_CHOICES: readonly TextEncodingChoice[] = ['auto', 'utf-8', 'windows-1252']

export type DecodedText = { readonly ok: true; readonly text: string; readonly encoding: 'utf-8' | 'windows-1252' } | { readonly ok: false; readonly message: string }

// 0x80–0x9F in Windows-1252; 0 marks the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
const HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
]

const SAVE_AS = 'Save it from the spreadsheet as “CSV UTF-8” or “CSV (Comma delimited)”.'

function windows1252(bytes: Uint8Array): string | null {
  let out = ''
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (b >= 0x80 && b <= 0x9f) {
      const code = HIGH[b - 0x80]!
      if (code === 0) return null
      out += String.fromCharCode(code)
    } else out += String.fromCharCode(b)
  }
  return out
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

// A zip (and so an .xlsx or .ods), a PDF, or an old .xls: saved in the wrong format rather than in a wrong encoding.
const SIGNATURES = [[0x50, 0x4b, 0x03, 0x04], [0x25, 0x50, 0x44, 0x46], [0xd0, 0xcf, 0x11, 0xe0]]
const looksBinary = (bytes: Uint8Array) => SIGNATURES.some((sig) => sig.every((b, i) => bytes[i] === b))
const isUtf16 = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)

/** The file's text in the encoding chosen, or the one detected for 'auto'. */
export function decodeText(bytes: Uint8Array, choice: TextEncodingChoice = 'auto'): DecodedText {
  if (isUtf16(bytes)) return { ok: false, message: `The file is UTF-16 (“Unicode text”), which the shop does not read. ${SAVE_AS}` }
  if (looksBinary(bytes)) return { ok: false, message: `The file is not text (a spreadsheet’s own format or another binary file). ${SAVE_AS}` }
  if (choice !== 'windows-1252') {
    const text = utf8(bytes)
    if (text !== null) return { ok: true, text, encoding: 'utf-8' }
    if (choice === 'utf-8') return { ok: false, message: `The file is not UTF-8 text. Choose “Windows-1252” if it was saved as plain “CSV” by Excel, or ${SAVE_AS[0]!.toLowerCase()}${SAVE_AS.slice(1)}` }
  }
  const text = windows1252(bytes)
  if (text !== null) return { ok: true, text, encoding: 'windows-1252' }
  return { ok: false, message: `The file is neither UTF-8 nor Windows-1252 text. ${SAVE_AS}` }
}
