// Reads a request body up to a byte limit, counting while it reads (a chunked body declares no length) and
// stopping at the limit without reading the rest. Shared by every JSON endpoint's own error shape, and by the
// file uploads (read whole, then parsed as multipart form data).

export type BoundedText = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly tooLarge: true }
export type BoundedBytes = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly tooLarge: true }

export async function readBoundedBytes(request: Request, limitBytes: number): Promise<BoundedBytes> {
  if (Number(request.headers.get('content-length') ?? '0') > limitBytes) return { ok: false, tooLarge: true }
  if (!request.body) return { ok: true, bytes: Buffer.alloc(0) }
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
  return { ok: true, bytes: Buffer.concat(chunks) }
}

export async function readBoundedText(request: Request, limitBytes: number): Promise<BoundedText> {
  const read = await readBoundedBytes(request, limitBytes)
  return read.ok ? { ok: true, text: read.bytes.toString('utf8') } : read
}
