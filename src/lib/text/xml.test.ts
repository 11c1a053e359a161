import { describe, expect, it } from 'vitest'
import { escapeXml, xmlElement } from './xml'

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`Tom & Jerry's <"bike">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;bike&quot;&gt;')
  })

  it('escapes an ampersand once, even when it already looks like an entity', () => {
    expect(escapeXml('&amp; &#38;')).toBe('&amp;amp; &amp;#38;')
  })

  it('drops characters XML 1.0 cannot carry and keeps tabs, line breaks and astral characters', () => {
    expect(escapeXml('a\u0000b\u0007c\u001fd\ufffee')).toBe('abcde')
    expect(escapeXml('line\none\tand\rtwo')).toBe('line\none\tand\rtwo')
    expect(escapeXml('lone \ud800 high, lone \udc00 low')).toBe('lone  high, lone  low')
    expect(escapeXml('🏍️ £12 — Größe')).toBe('🏍️ £12 — Größe')
  })

  it('builds an element with its text escaped', () => {
    expect(xmlElement('title', 'Jacket <M> & co')).toBe('<title>Jacket &lt;M&gt; &amp; co</title>')
  })
})
