// Text in XML documents the shop writes (the product feed, the sitemaps): markup characters escaped, and the
// characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF) left out, so
// one stray byte in a product name can never make a whole feed unreadable.

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text (or an attribute value) for an XML document. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!)
}

/** One element with escaped text content: `<name>text</name>`. */
export function xmlElement(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`
}
