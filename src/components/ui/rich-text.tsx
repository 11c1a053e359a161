// Renders Lexical rich text from the CMS, with uploaded images made responsive.
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { RichText as LexicalRichText, type JSXConvertersFunction } from '@payloadcms/richtext-lexical/react'
import { Picture } from './picture'
import type { Media } from '../../payload-types'

const converters: JSXConvertersFunction = ({ defaultConverters }) => ({
  ...defaultConverters,
  upload: ({ node }) => {
    const value = (node as { value?: unknown }).value
    if (!value || typeof value !== 'object') return null
    return <Picture media={value as Media} sizes="(min-width: 800px) 760px, 92vw" className="prose__image" />
  },
})

export function RichText({ data }: { data: unknown }) {
  if (!data || typeof data !== 'object') return null
  return <LexicalRichText className="prose" data={data as SerializedEditorState} converters={converters} disableContainer={false} />
}
