// SMTP carrier (nodemailer), chosen when SMTP_URL is set: smtp://user:pass@host:587 or smtps://… for implicit TLS.
import { createHash } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { EmailMessage, EmailSender, SentEmail } from './email-sender'

export function createSmtpSender(smtpUrl: string, defaultFrom: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    name: 'smtp',
    async send(message: EmailMessage): Promise<SentEmail> {
      const info = await transport.sendMail({ from: message.from ?? defaultFrom, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers ? { ...message.headers } : undefined, messageId: message.idempotencyKey ? stableMessageId(message.idempotencyKey, message.from ?? defaultFrom) : undefined, attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) })
      return { id: info.messageId, location: `smtp:${info.messageId}` }
    },
  }
}

/** The same Message-ID for every send of one message, so a resend after a crash is one message to mail clients. */
function stableMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'wheelhouse.invalid'
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${domain}>`
}
