// Picks the email carrier from the environment (outbox by default, SMTP when SMTP_URL is set) and adapts it for Payload's own emails (password reset).
import type { EmailAdapter, SendEmailOptions } from 'payload'
import { env, type ServerEnv } from '../../config/env'
import { emailText } from '../../lib/text/email-text'
import { parseFromAddress, type EmailSender } from './email-sender'
import { createFileOutbox } from './file-outbox'
import { createSmtpSender } from './smtp'

let sender: EmailSender | undefined

export function createEmailSender(config: Pick<ServerEnv, 'SMTP_URL' | 'EMAIL_FROM' | 'outboxDir'>): EmailSender {
  return config.SMTP_URL ? createSmtpSender(config.SMTP_URL, config.EMAIL_FROM) : createFileOutbox(config.outboxDir, config.EMAIL_FROM)
}

/** The process's email sender. */
export function emailSender(): EmailSender {
  sender ??= createEmailSender(env())
  return sender
}

function firstAddress(to: SendEmailOptions['to']): string {
  const one = Array.isArray(to) ? to[0] : to
  if (!one) throw new Error('An email needs a recipient')
  if (typeof one === 'string') return one
  if (Array.isArray(one)) return firstAddress(one as SendEmailOptions['to'])
  return (one as { address: string }).address
}

/** Payload's email adapter (forgot-password and the like) on top of the same sender. */
export function payloadEmailAdapter(config: Pick<ServerEnv, 'SMTP_URL' | 'EMAIL_FROM' | 'outboxDir'>): EmailAdapter {
  const from = parseFromAddress(config.EMAIL_FROM)
  return () => ({
    name: 'wheelhouse-email',
    defaultFromAddress: from.address,
    defaultFromName: from.name,
    sendEmail: async (message: SendEmailOptions) => {
      const mail = createEmailSender(config)
      const fromText = typeof message.from === 'string' ? message.from : message.from ? `${message.from.name ?? ''} <${message.from.address}>` : undefined
      return mail.send({
        to: firstAddress(message.to),
        subject: String(message.subject ?? ''),
        text: typeof message.text === 'string' ? message.text : typeof message.html === 'string' ? emailText(message.html) : '',
        html: typeof message.html === 'string' ? message.html : undefined,
        from: fromText,
        tag: 'payload',
      })
    },
  })
}
