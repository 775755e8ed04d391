// Sends the stack's mails (login codes, device approvals) over SMTP, by default to the local mail
// sink. One pooled connection is kept open, so only the first mail pays for the greeting.

import { createTransport } from 'nodemailer'

/** A mail to send. */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string }

export type Mailer = {
  /** Sends one mail; rejects when the SMTP server refuses it or cannot be reached. */
  send(mail: OutgoingMail): Promise<void>
  /** Closes the pooled connections. */
  close(): void
}

export type MailerOptions = {
  /** SMTP host (default 127.0.0.1). */
  host?: string
  port: number
  /** The From header (default `Gangway <no-reply@gangway.localhost>`). */
  from?: string
}

/**
 * An SMTP mailer without TLS or authentication, for the local mail sink.
 *
 * @example
 * const mailer = createMailer({ port: sink.smtpPort })
 * await mailer.send({ to: 'a@example.test', subject: 'Hello', text: 'Hi' })
 * mailer.close()
 */
export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? 'Gangway <no-reply@gangway.localhost>'
  const transport = createTransport({
    pool: true,
    host: options.host ?? '127.0.0.1',
    port: options.port,
    secure: false,
    ignoreTLS: true,
    maxConnections: 2,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 30_000,
  })
  // An idle pooled connection the server drops is reopened on the next send.
  transport.on('error', () => {})
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html !== undefined ? { html: mail.html } : {}) })
    },
    close() {
      transport.close()
    },
  }
}
