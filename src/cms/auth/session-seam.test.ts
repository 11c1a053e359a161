// Who is signed in is asked in one place (cms/auth/session.server.ts), and the browser calls the shop's
// endpoints through lib/http/call-api.ts with paths from config/paths.ts, never a URL written in a component.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { filesMatching } from '../../../tests/fixtures/source-files'

describe('the session and endpoint seams', () => {
  it('finds payload.auth( only under cms/auth', () => {
    const found = filesMatching(/\bpayload\.auth\(/)
    expect(found.filter((f) => !f.startsWith(path.join('cms', 'auth') + path.sep))).toEqual([])
  })

  it('finds no fetch of an /api literal anywhere in src', () => {
    expect(filesMatching(/fetch\(\s*['"`]\/api/)).toEqual([])
  })
})
