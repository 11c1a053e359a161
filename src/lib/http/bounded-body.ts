// Reads a request body as text up to a byte limit, counting while it reads (a chunked body declares no length)
// and stopping at the limit without reading the rest. Shared by every JSON endpoint's own error shape.

export type BoundedText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly tooLarge: true }

export async function readBoundedText(request: Request, limitBytes: number): Promise<BoundedText> {
  if (Number(request.headers.get('content-length') ?? '0') > limitBytes) return { ok: false, tooLarge: true }
  if (!request.body) return { ok: true, text: '' }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => undefined)
      return { ok: false, tooLarge: true }
    }
    chunks.push(value)
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') }
}
