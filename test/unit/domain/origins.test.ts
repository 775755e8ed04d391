import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from '../../../src/core/domain/origins.js'

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
