// One message as nodemailer takes it, for both carriers: SMTP sends it, and the file outbox writes the very
// message SMTP would send (its .eml, composed by nodemailer: the text and HTML parts and the attachments).
import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { SendMailOptions } from 'nodemailer'
import type { EmailMessage } from './email-sender'

export function mailOptions(message: EmailMessage, defaultFrom: string, date?: Date): SendMailOptions {
  const from = message.from ?? defaultFrom
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ? { ...message.headers } : undefined,
    messageId: message.idempotencyKey ? stableMessageId(message.idempotencyKey, from) : undefined,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    ...(date ? { date } : {}),
  }
}

/** The same Message-ID for every send of one message, so a resend after a crash is one message to mail clients. */
function stableMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'wheelhouse.invalid'
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`
}

const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

/** The whole message as SMTP would carry it (RFC 5322, multipart when it has HTML or attachments). */
export async function rawMessage(message: EmailMessage, defaultFrom: string, date: Date): Promise<Buffer> {
  const info = await composer.sendMail(mailOptions(message, defaultFrom, date))
  return info.message as Buffer
}
