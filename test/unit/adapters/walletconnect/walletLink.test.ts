import { describe, expect, it } from 'vitest'
import { walletLink, walletLinks } from '../../../../src/adapters/walletconnect/walletLink'

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'
const ENCODED = encodeURIComponent(URI)

describe('walletLink', () => {
  it('app schemes: {mobile_link}wc?uri=… with the URI percent-encoded', () => {
    expect(walletLink('metamask://', URI)).toBe(`metamask://wc?uri=${ENCODED}`)
    expect(walletLink('trust://open', URI)).toBe(`trust://open/wc?uri=${ENCODED}`)
    // A bare scheme name gets its ://
    expect(walletLink('rainbow:', URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
    expect(walletLink('rainbow', URI)).toBe(`rainbow://wc?uri=${ENCODED}`)
  })

  it('https links: {link}/wc?uri=…, without doubling a slash', () => {
    expect(walletLink('https://link.example.com', URI)).toBe(`https://link.example.com/wc?uri=${ENCODED}`)
    expect(walletLink('https://link.example.com/', URI)).toBe(`https://link.example.com/wc?uri=${ENCODED}`)
    expect(walletLink('http://127.0.0.1:5173/wallet/', URI)).toBe(`http://127.0.0.1:5173/wallet/wc?uri=${ENCODED}`)
  })

  it('the URI survives the round trip exactly', () => {
    const link = walletLink('https://app.example', URI)!
    expect(new URL(link).searchParams.get('uri')).toBe(URI)
  })

  it('no link, no deep link', () => {
    expect(walletLink(null, URI)).toBeNull()
    expect(walletLink(undefined, URI)).toBeNull()
    expect(walletLink('  ', URI)).toBeNull()
  })

  it('never turns a link that runs code or reads local data into a deep link', () => {
    const hostile = [
      'javascript:alert(1)',
      'javascript://%0aalert(1)',
      'JavaScript://x',
      ' javascript://x',
      'java\tscript://x',
      'java\nscript://x',
      '\u0001javascript://x',
      'javascript',
      'javascript:',
      'data:text/html,<script>alert(1)</script>',
      'data://text/html,x',
      'vbscript://x',
      'VBScript:msgbox(1)',
      'file:///etc/passwd',
      'file://host/share',
      'https://',
      'http:example.com',
    ]
    for (const link of hostile) expect(walletLink(link, URI), JSON.stringify(link)).toBeNull()
    expect(walletLinks({ mobile_link: 'javascript://x', desktop_link: 'data://x', webapp_link: 'file:///x' }, URI)).toEqual({
      mobile: null,
      desktop: null,
      webapp: null,
    })
  })

  it('answers nothing for a link that is not text instead of throwing', () => {
    for (const link of [42, {}, ['https://a.example'], true]) expect(walletLink(link as unknown as string, URI)).toBeNull()
  })
})

describe('walletLinks', () => {
  it('gives each link of a wallet record', () => {
    expect(walletLinks({ mobile_link: 'amber://', desktop_link: null, webapp_link: 'https://app.amber.example' }, URI)).toEqual({
      mobile: `amber://wc?uri=${ENCODED}`,
      desktop: null,
      webapp: `https://app.amber.example/wc?uri=${ENCODED}`,
    })
  })
})
