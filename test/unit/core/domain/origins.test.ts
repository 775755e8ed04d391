import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from '../../../../src/core/domain/origins.js'

describe('isOriginAllowed', () => {
  it('matches exact origins after normalisation', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com/'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['https://APP.example.com:443'])).toBe(true)
    expect(isOriginAllowed('https://app.example.com', ['http://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
    expect(isOriginAllowed('https://app.example.com', [])).toBe(false)
  })

  it('supports * wildcards inside the host or port', () => {
    const list = ['https://*.example.com', 'http://localhost:*']
    expect(isOriginAllowed('https://a.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://a.b.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://example.com', list)).toBe(false)
    expect(isOriginAllowed('https://evilexample.com', list)).toBe(false)
    expect(isOriginAllowed('https://example.com.evil.io', list)).toBe(false)
    expect(isOriginAllowed('https://evil.io:1.example.com', list)).toBe(false)
    expect(isOriginAllowed('http://localhost:5173', list)).toBe(true)
    expect(isOriginAllowed('http://localhost.evil.io:5173', list)).toBe(false)
    expect(isOriginAllowed('https://anything.io', ['*'])).toBe(true)
  })

  it('allows local development and preview hosts by default', () => {
    for (const o of ['http://localhost:3000', 'http://localhost', 'https://localhost:8443', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'https://my-app.pages.dev', 'https://pr-12.vercel.app', 'https://abc.ngrok-free.app']) {
      expect(isOriginAllowed(o, DEFAULT_ALLOWED_ANCESTORS)).toBe(true)
    }
    for (const o of ['https://example.com', 'http://192.168.1.10:3000', 'https://vercel.app', 'http://evil.pages.dev']) {
      expect(isOriginAllowed(o, DEFAULT_ALLOWED_ANCESTORS)).toBe(false)
    }
  })
})

describe('isOriginAllowed on hostile input', () => {
  it('matches an allow-list entry with many stars against a long host in bounded time', () => {
    // A backtracking regular expression took seconds on this (6 stars, a 60-character host); the
    // bound is loose so a busy machine's pause cannot fail it, and still far below seconds.
    const entry = 'https://*a*a*a*a*a*a*b.example.com'
    const origin = `https://${'a'.repeat(60)}.example.com`
    const started = performance.now()
    expect(isOriginAllowed(origin, [entry])).toBe(false)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(isOriginAllowed(`https://${'a'.repeat(60)}b.example.com`, [entry])).toBe(true)
  })

  it('still matches stars between literal pieces, and never across a separator', () => {
    expect(isOriginAllowed('https://pr-12-app.preview.example.com', ['https://pr-*-app.*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://pr-12-app.example.com', ['https://pr-*-app.*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://a.example.com:8443', ['https://*.example.com'])).toBe(false)
    expect(isOriginAllowed('https://a.example.com:8443', ['https://*.example.com:*'])).toBe(true)
    expect(isOriginAllowed('https://A.Example.COM', ['HTTPS://*.EXAMPLE.com'])).toBe(true)
    expect(isOriginAllowed('https://ab.example.com', ['https://a*b*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://aXbY.example.com', ['https://a*b*.example.com'])).toBe(true)
    expect(isOriginAllowed('https://ba.example.com', ['https://a*b*.example.com'])).toBe(false)
  })

  it('refuses an origin that is not a URL with an origin, whatever the list says', () => {
    for (const junk of ['not a url', 'example.com', '', 'javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd', 'null']) {
      expect(isOriginAllowed(junk, [junk, '*', 'https://*'])).toBe(false)
    }
  })

  it('ignores allow-list entries that are not text instead of throwing', () => {
    const list = [42, null, { toString: () => 'https://app.example.com' }, 'https://app.example.com'] as unknown as string[]
    expect(isOriginAllowed('https://app.example.com', list)).toBe(true)
    expect(isOriginAllowed('https://other.example.com', list)).toBe(false)
    expect(isOriginAllowed('https://app.example.com', null as unknown as string[])).toBe(false)
  })
})
