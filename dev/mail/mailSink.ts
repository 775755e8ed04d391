// A local mail sink: an SMTP server on 127.0.0.1 that keeps every mail it is sent, plus a small
// HTTP inbox (a page for people, JSON for tests) to read them. Nothing is relayed anywhere.
//
// HTTP:
// - GET /                        the inbox page (optionally ?to=<address>), refreshing every 2 s
// - GET /messages.json?to=<addr> the mails (to that address), newest first, as a JSON array
// - DELETE /messages             forgets every mail

import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Server as NetServer, Socket } from 'node:net'
import { simpleParser, type AddressObject } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { inboxPage } from './inboxPage'

/** A mail the sink caught. Addresses are lower-cased. */
export type Mail = {
  id: string
  from: string
  /** The envelope recipients. */
  to: string[]
  subject: string
  text: string
  html: string | null
  /** When it arrived, ms since the epoch; strictly increasing from one mail to the next. */
  receivedAt: number
}

export type MailSinkOptions = {
  /** SMTP port on 127.0.0.1; 0 (the default) picks a free one. */
  smtpPort?: number
  /** Inbox HTTP port on 127.0.0.1; 0 (the default) picks a free one. */
  httpPort?: number
  /** Most mails kept; the oldest go first (default 1000). */
  maxMails?: number
}

export type MailSink = {
  smtpPort: number
  /** The inbox's origin, http://127.0.0.1:PORT. */
  url: string
  /** The mails kept (those to `to` when given), newest first. */
  messages(to?: string): Mail[]
  /**
   * A mail to `to`: with `after`, the first one received after that time (waiting for it);
   * without, the newest one already there, or else the next to arrive. Rejects after
   * `timeoutMs` (default 5000).
   */
  waitForMail(to: string, options?: { after?: number; timeoutMs?: number }): Promise<Mail>
  /** Forgets every mail. */
  clear(): void
  /** Closes both servers and every open connection. */
  stop(): Promise<void>
}

/** Largest mail accepted, bytes. */
const MAX_MAIL_BYTES = 5 * 1024 * 1024

/** An address's lower-cased, trimmed form. */
function normalizeAddress(address: string): string {
  return address.trim().toLowerCase()
}

/** The first address of a parsed header (From), lower-cased, or ''. */
function firstAddress(header: AddressObject | AddressObject[] | undefined): string {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header]
  for (const object of objects) for (const entry of object.value) if (entry.address) return normalizeAddress(entry.address)
  return ''
}

/** Listens on 127.0.0.1 and resolves with the port bound. */
function listen(server: NetServer, port: number): Promise<number> {
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => ok((server.address() as AddressInfo).port))
  })
}

/**
 * Starts the mail sink: SMTP without authentication or TLS on 127.0.0.1, and the inbox over HTTP.
 *
 * @example
 * const sink = await startMailSink()
 * const mailer = createMailer({ port: sink.smtpPort })
 * await mailer.send({ to: 'a@example.test', subject: 'Hi', text: 'Your code is 123456' })
 * const mail = await sink.waitForMail('a@example.test')
 */
export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const maxMails = options.maxMails ?? 1000
  /** Oldest first. */
  let mails: Mail[] = []
  let lastReceivedAt = 0
  const waiters = new Set<{ to: string; after: number | undefined; resolve: (mail: Mail) => void; reject: (error: Error) => void }>()

  function store(mail: Omit<Mail, 'id' | 'receivedAt'>): void {
    lastReceivedAt = Math.max(Date.now(), lastReceivedAt + 1)
    const stored: Mail = { id: randomBytes(8).toString('hex'), ...mail, receivedAt: lastReceivedAt }
    mails.push(stored)
    if (mails.length > maxMails) mails = mails.slice(mails.length - maxMails)
    for (const waiter of waiters) {
      if (stored.to.includes(waiter.to) && (waiter.after === undefined || stored.receivedAt > waiter.after)) {
        waiters.delete(waiter)
        waiter.resolve(stored)
      }
    }
  }

  function messages(to?: string): Mail[] {
    const address = to === undefined || to.trim() === '' ? undefined : normalizeAddress(to)
    return mails.filter((mail) => address === undefined || mail.to.includes(address)).reverse()
  }

  const sockets = new Set<Socket>()
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_MAIL_BYTES,
    closeTimeout: 100,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }))
            return
          }
          const to = session.envelope.rcptTo.map((rcpt) => normalizeAddress(rcpt.address))
          const mailFrom = session.envelope.mailFrom
          store({
            from: firstAddress(parsed.from) || (mailFrom ? normalizeAddress(mailFrom.address) : ''),
            to,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  smtp.server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  // A client that drops its connection is not the sink's problem.
  smtp.on('error', () => {})

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const to = url.searchParams.get('to') ?? undefined
    if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
      res.end(inboxPage(messages(to), to ? { filter: normalizeAddress(to) } : {}))
    } else if ((req.method === 'GET' || req.method === 'HEAD') && url.pathname === '/messages.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      res.end(JSON.stringify(messages(to)))
    } else if (req.method === 'DELETE' && url.pathname === '/messages') {
      mails = []
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
      res.end(JSON.stringify({ ok: true }))
    } else {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify({ error: 'Not found' }))
    }
  })

  let smtpPort: number
  let httpPort: number
  try {
    smtpPort = await listen(smtp.server, options.smtpPort ?? 0)
    httpPort = await listen(http, options.httpPort ?? 0)
  } catch (error) {
    await new Promise<void>((ok) => smtp.close(() => ok()))
    if (http.listening) await new Promise<void>((ok) => http.close(() => ok()))
    throw error
  }

  let stopping: Promise<void> | undefined
  return {
    smtpPort,
    url: `http://127.0.0.1:${httpPort}`,
    messages,
    waitForMail(to, { after, timeoutMs = 5000 } = {}) {
      const address = normalizeAddress(to)
      const ready = messages(address)
      const found = after === undefined ? ready[0] : ready.filter((mail) => mail.receivedAt > after).at(-1)
      if (found) return Promise.resolve(found)
      return new Promise<Mail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms`))
        }, timeoutMs)
        const waiter = {
          to: address,
          after,
          resolve: (mail: Mail) => {
            clearTimeout(timer)
            resolve(mail)
          },
          reject: (error: Error) => {
            clearTimeout(timer)
            reject(error)
          },
        }
        waiters.add(waiter)
      })
    },
    clear() {
      mails = []
    },
    stop() {
      for (const waiter of waiters) waiter.reject(new Error('The mail sink stopped'))
      waiters.clear()
      stopping ??= Promise.all([
        new Promise<void>((ok) => {
          smtp.close(() => ok())
          for (const socket of sockets) socket.destroy()
        }),
        new Promise<void>((ok) => {
          http.closeAllConnections()
          http.close(() => ok())
        }),
      ]).then(() => {})
      return stopping
    },
  }
}
