'use client'
// The admin page of a record a background job fills in (an import, an export): its fields read again every `pollMs`
// until `finished` says the job is over, each set on the page as its value and its initial value (so the page never
// asks to "save changes" nobody made). `alsoRead` reads more when a poll calls for it (an import's refused rows,
// read only when their count changed). A failed read is tried again at the next poll (a restart, a dropped connection).
import { useDocumentInfo, useForm } from '@payloadcms/ui'
import { useEffect, useEffectEvent, useState } from 'react'
import { paths } from '../../../config/paths'
import { callApi } from '../../../lib/http/call-api'

type Doc = Record<string, unknown>
/** Reads the named fields of the record; null when the shop did not answer with it. */
export type ReadFields = (fields: readonly string[]) => Promise<Doc | null>

export interface FollowOptions {
  readonly fields: readonly string[]
  readonly pollMs: number
  readonly finished: (doc: Doc) => boolean
  readonly alsoRead?: (doc: Doc, read: ReadFields) => Promise<void>
}

/** The record as last read (its initial data first), and its id. */
export function useFollowedDocument({ fields, pollMs, finished, alsoRead }: FollowOptions): { id: string | number | undefined | null; doc: Doc | null } {
  const { id, initialData, collectionSlug } = useDocumentInfo()
  const [doc, setDoc] = useState<Doc | null>(() => (initialData as Doc | undefined) ?? null)
  const { dispatchFields } = useForm()
  // The callbacks may be new on each render; the poll calls the latest without starting over.
  const isOver = useEffectEvent((d: Doc) => finished(d))
  const readMore = useEffectEvent((d: Doc, read: ReadFields) => alsoRead?.(d, read))
  const fieldsKey = fields.join(',')

  useEffect(() => {
    if (id === undefined || id === null || !collectionSlug) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const read: ReadFields = async (names) => {
      const query = new URLSearchParams([['depth', '0'], ...names.map((f) => [`select[${f}]`, 'true'])])
      const answer = await callApi<Doc>(paths.api.document(collectionSlug, id, query.toString()), { cache: 'no-store' })
      return answer.ok ? answer.body : null
    }
    const poll = async () => {
      const names = fieldsKey.split(',')
      try {
        const next = await read(names)
        if (next && !stopped) {
          setDoc(next)
          for (const path of names) if (path in next) dispatchFields({ type: 'UPDATE', path, value: next[path], initialValue: next[path] })
          await readMore(next, read)
        }
        if (next && isOver(next)) return
      } catch {
        // The next poll tries again.
      }
      if (!stopped) timer = setTimeout(() => void poll(), pollMs)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [id, collectionSlug, dispatchFields, pollMs, fieldsKey])

  return { id, doc }
}
