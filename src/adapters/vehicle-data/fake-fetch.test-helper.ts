// A stand-in for fetch in the adapters' contract tests: records each request and answers from a handler; a handler
// that returns 'hang' never answers, so the caller's timeout signal is what ends the call. No network is used.
export interface SeenRequest {
  readonly url: string
  readonly method: string
  readonly headers: Headers
  readonly body: string | null
}

export function fakeFetch(handler: (request: SeenRequest) => Response | 'hang') {
  const seen: SeenRequest[] = []
  const doFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request: SeenRequest = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? init.body : null }
    seen.push(request)
    const answer = handler(request)
    if (answer !== 'hang') return answer
    return new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal
      signal?.addEventListener('abort', () => reject(signal.reason))
    })
  }) as typeof fetch
  return { fetch: doFetch, seen }
}

export const jsonAnswer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
