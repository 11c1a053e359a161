// Every route under src/app/api has one form: a first comment line naming its method(s) and path, then
// `export const dynamic = 'force-dynamic'` and each method as `export const METHOD = endpoint({ … })` (./endpoint.ts:
// rate rule, schema, body limits, then `handle(input, caller)`). A feature that reads the raw request takes
// (request, payload, …deps), as lib/http/endpoint's jsonEndpoint does.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname)
const routes = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? routes(path.join(dir, e.name)) : e.name === 'route.ts' ? [path.join(dir, e.name)] : []))

describe('the routes under /api', () => {
  const files = routes(root)

  it('are found', () => {
    expect(files.length).toBeGreaterThan(20)
  })

  it.each(files.map((f) => [path.relative(root, f), f]))('%s has the one form', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8')
    const apiPath = `/api/${path.relative(root, path.dirname(file)).split(path.sep).join('/')}`.replace(/\[(\w+)\]/g, ':$1')
    const first = text.split('\n')[0]!
    expect(first, 'first line: // METHOD /api/path').toMatch(/^\/\/ (GET|POST|PUT|PATCH|DELETE)(\/(GET|POST|PUT|PATCH|DELETE))* \/api\//)
    expect(first.split(' ')[2]!.split('?')[0]!.replace(/:$/, ''), 'the path the comment names').toBe(apiPath)
    expect(text).toContain("export const dynamic = 'force-dynamic'")
    expect(text, 'a method is a function').not.toMatch(/export (async )?function/)
    const methods = [...text.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)\(/g)]
    expect(methods.length).toBeGreaterThan(0)
    for (const [, , maker] of methods) expect(maker).toBe('endpoint')
    // the first argument is the validated input, not the request (that is the caller's)
    expect(text, 'the handler takes (input, caller)').not.toMatch(/handle: (async )?\(request\b/)
  })
})
