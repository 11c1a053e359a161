// Plain rendering of a Payload (Lexical) rich-text description: headings, paragraphs, lists, bold and italic.
// Enough for product copy without shipping the editor's renderer; unknown nodes fall back to their text.
import type { ReactNode } from 'react'

interface LexicalNode {
  type?: string
  tag?: string
  text?: string
  format?: number | string
  listType?: string
  children?: LexicalNode[]
  [k: string]: unknown
}

const BOLD = 1
const ITALIC = 2

function inline(nodes: LexicalNode[] | undefined): ReactNode[] {
  return (nodes ?? []).map((n, i) => {
    if (n.type === 'linebreak') return <br key={i} />
    if (typeof n.text === 'string') {
      const format = typeof n.format === 'number' ? n.format : 0
      let out: ReactNode = n.text
      if (format & ITALIC) out = <em>{out}</em>
      if (format & BOLD) out = <strong>{out}</strong>
      return <span key={i}>{out}</span>
    }
    return <span key={i}>{inline(n.children)}</span>
  })
}

function block(n: LexicalNode, i: number): ReactNode {
  switch (n.type) {
    case 'heading':
      // The page's h1 and h2s are fixed; description headings sit beneath them.
      return <h3 key={i}>{inline(n.children)}</h3>
    case 'list': {
      const items = (n.children ?? []).map((li, j) => <li key={j}>{inline(li.children)}</li>)
      return n.listType === 'number' ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>
    }
    case 'quote':
      return <blockquote key={i}>{inline(n.children)}</blockquote>
    default:
      return <p key={i}>{inline(n.children)}</p>
  }
}

export function RichText({ value }: { value: { root: { children: unknown[] } } | null | undefined }) {
  const children = (value?.root?.children ?? []) as LexicalNode[]
  if (!children.length) return null
  return <>{children.map(block)}</>
}
