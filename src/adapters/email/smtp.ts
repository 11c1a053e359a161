// SMTP carrier (nodemailer), chosen when SMTP_URL is set: smtp://user:pass@host:587 or smtps://… for implicit TLS.
import nodemailer from 'nodemailer'
import type { EmailMessage, EmailSender, SentEmail } from './email-sender'
import { mailOptions } from './mail-options'

export function createSmtpSender(smtpUrl: string, defaultFrom: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    name: 'smtp',
    async send(message: EmailMessage): Promise<SentEmail> {
      const info = await transport.sendMail(mailOptions(message, defaultFrom))
      return { id: info.messageId, location: `smtp:${info.messageId}` }
    },
  }
}
