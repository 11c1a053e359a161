// The one interface every outgoing email goes through (order confirmations, password resets), whatever carries it.

export interface EmailMessage {
  readonly to: string
  readonly subject: string
  /** Plain text is always sent; it is the version screen readers and plain mail clients use. */
  readonly text: string
  readonly html?: string
  /** Overrides EMAIL_FROM, e.g. "Wheelhouse <shop@example.co.uk>". */
  readonly from?: string
  /** Free-form tag kept with the message in the outbox (e.g. 'order-confirmation'), for tests and staff. */
  readonly tag?: string
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on alert emails. */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * Names the message for the carrier so that sending it again (a background job run again after a crash)
   * delivers it once: the outbox keeps one file per key, SMTP gives it a stable Message-ID.
   */
  readonly idempotencyKey?: string
  /** Small text attachments, such as a booking's .ics calendar file. */
  readonly attachments?: readonly EmailAttachment[]
}

export interface EmailAttachment {
  readonly filename: string
  readonly contentType: string
  readonly content: string
}

export interface SentEmail {
  readonly id: string
  /** Where the message went: a file path for the outbox, the SMTP message id for SMTP. */
  readonly location: string
}

export interface EmailSender {
  readonly name: 'outbox' | 'smtp'
  send(message: EmailMessage): Promise<SentEmail>
}

/** "Name <address>" into its parts; a bare address has no name. */
export function parseFromAddress(from: string): { name: string; address: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from)
  if (match) return { name: match[1]!.replace(/^"|"$/g, ''), address: match[2]!.trim() }
  return { name: '', address: from.trim() }
}
