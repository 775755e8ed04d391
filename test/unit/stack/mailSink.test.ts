// The local mail sink: mails sent over SMTP by the stack's mailer are kept, read back in process
// and over HTTP (JSON and the inbox page, which escapes mail content), cleared, and stop() frees
// both ports.
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, type Mailer } from '../../../dev/mail/mailer'
import { startMailSink, type Mail, type MailSink } from '../../../dev/mail/mailSink'
import { renderMailText } from '../../../dev/mail/inboxPage'

/** Whether 127.0.0.1:port can be bound again. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

let sink: MailSink | undefined
let mailer: Mailer | undefined

afterEach(async () => {
  mailer?.close()
  await sink?.stop()
  sink = mailer = undefined
})

describe('mail sink', () => {
  it('keeps mails sent by the mailer and serves them in process and over HTTP', async () => {
    sink = await startMailSink()
    mailer = createMailer({ port: sink.smtpPort, from: 'Gangway <No-Reply@Gangway.localhost>' })
    const before = Date.now()
    await mailer.send({ to: 'Alice@Example.test', subject: 'First', text: 'Your code is 123456' })
    await mailer.send({ to: 'bob@example.test', subject: '<script>alert(1)</script> & more', text: 'Open https://example.test/a?b=1&c=<x> now', html: '<p>hi</p>' })

    const all = sink.messages()
    expect(all.map((m) => m.subject)).toEqual(['<script>alert(1)</script> & more', 'First'])
    const alice = sink.messages('ALICE@example.test')
    expect(alice).toHaveLength(1)
    expect(alice[0]).toMatchObject({ from: 'no-reply@gangway.localhost', to: ['alice@example.test'], subject: 'First', html: null })
    expect(alice[0]!.text).toMatch(/Your code is 123456/)
    expect(alice[0]!.receivedAt).toBeGreaterThanOrEqual(before)
    expect(sink.messages('bob@example.test')[0]!.html).toContain('<p>hi</p>')
    expect(all[0]!.receivedAt).toBeGreaterThan(all[1]!.receivedAt)

    // Already there: the newest one at once.
    expect((await sink.waitForMail('alice@example.test')).id).toBe(alice[0]!.id)
    // After a time: waits for the next one.
    const next = sink.waitForMail('alice@example.test', { after: alice[0]!.receivedAt, timeoutMs: 3000 })
    await mailer.send({ to: 'alice@example.test', subject: 'Second', text: 'again' })
    expect((await next).subject).toBe('Second')
    await expect(sink.waitForMail('nobody@example.test', { timeoutMs: 50 })).rejects.toThrow(/No mail to nobody@example.test/)

    const json = await fetch(`${sink.url}/messages.json?to=alice@example.test`)
    expect(json.headers.get('content-type')).toMatch(/application\/json/)
    const listed = (await json.json()) as Mail[]
    expect(listed.map((m) => m.subject)).toEqual(['Second', 'First'])
    expect(((await (await fetch(`${sink.url}/messages.json`)).json()) as Mail[])).toHaveLength(3)

    const page = await fetch(`${sink.url}/`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; more')
    expect(html).toContain('<mark class="code">123456</mark>')
    expect(html).toContain('<a href="https://example.test/a?b=1&#38;c=" target="_blank" rel="noopener noreferrer">')
    // Newest first on the page too.
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First'))

    expect((await fetch(`${sink.url}/messages`, { method: 'DELETE' })).status).toBe(200)
    expect(sink.messages()).toEqual([])
    await mailer.send({ to: 'carol@example.test', subject: 'Third', text: 'x' })
    expect(sink.messages()).toHaveLength(1)
    sink.clear()
    expect(sink.messages()).toEqual([])
    expect((await fetch(`${sink.url}/nope`)).status).toBe(404)
  })

  it('renders mail text with links and codes and nothing else as markup', () => {
    expect(renderMailText('a <b> https://x.test/p?q="1" 654321.')).toBe(
      'a &#60;b&#62; <a href="https://x.test/p?q=" target="_blank" rel="noopener noreferrer">https://x.test/p?q=</a>&#34;1&#34; <mark class="code">654321</mark>.',
    )
    expect(renderMailText('see https://x.test/approve?token=123456.')).toBe(
      'see <a href="https://x.test/approve?token=123456" target="_blank" rel="noopener noreferrer">https://x.test/approve?token=123456</a>.',
    )
  })

  it('stop() frees both ports, even with a pooled connection open', async () => {
    sink = await startMailSink()
    mailer = createMailer({ port: sink.smtpPort })
    await mailer.send({ to: 'a@example.test', subject: 's', text: 't' })
    const smtpPort = sink.smtpPort
    const httpPort = Number(new URL(sink.url).port)
    const started = Date.now()
    await sink.stop()
    expect(Date.now() - started).toBeLessThan(1000)
    expect(await portIsFree(smtpPort)).toBe(true)
    expect(await portIsFree(httpPort)).toBe(true)
    await expect(mailer.send({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow()
  })
})
