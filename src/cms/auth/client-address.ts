// The client's network address for throttling. server.mjs writes it into a header of its own on every request
// (from the socket, or from X-Forwarded-For only when TRUST_PROXY is set) and overwrites anything a client sent.
export const CLIENT_ADDRESS_HEADER = 'x-wheelhouse-client-address'

export function clientAddress(headers: Headers | { get(name: string): string | null } | undefined | null): string {
  const value = headers?.get(CLIENT_ADDRESS_HEADER)?.trim()
  return value && value.length <= 100 ? value : 'unknown'
}
