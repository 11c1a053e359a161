// A feed's description is plain text; the CMS keeps rich text (Lexical). Paragraphs are separated by a blank
// line. Reading rich text back flattens it to the same plain text, so an unchanged description compares equal
// (and staff formatting is kept while the words stay the same).

interface LexicalNode {
  readonly type?: string
  readonly text?: string
  readonly children?: readonly LexicalNode[]
}

/** Plain text (paragraphs split by blank lines; single line breaks kept within one) as Lexical rich text. */
export function richTextFromText(text: string) {
  const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
  return {
    root: {
      type: 'root',
      format: '',
      indent: 0,
      version: 1,
      direction: 'ltr',
      children: paragraphs.map((p) => ({
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        children: [{ type: 'text', text: p, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      })),
    },
  }
}

function flatten(node: LexicalNode): string {
  if (typeof node.text === 'string') return node.text
  if (node.type === 'linebreak') return '\n'
  return (node.children ?? []).map(flatten).join('')
}

/** The plain text of Lexical rich text: each top-level block one paragraph. Null when empty or not rich text. */
export function textFromRichText(value: unknown): string | null {
  const root = (value as { root?: LexicalNode } | null | undefined)?.root
  if (!root || !Array.isArray(root.children)) return null
  const text = root.children.map((block) => flatten(block).trim()).filter(Boolean).join('\n\n')
  return text === '' ? null : text
}
