import { describe, expect, it } from 'vitest'
import { isWebUrl, parseWalletRecord, walletLinkKind } from '../../../../src/adapters/api/walletRecord.js'

describe('walletLinkKind', () => {
  it('accepts http(s) links and app schemes', () => {
    expect(walletLinkKind('https://link.example.com')).toBe('web')
    expect(walletLinkKind('HTTP://127.0.0.1:5173/wallet/')).toBe('web')
    expect(walletLinkKind('metamask://')).toBe('app')
    expect(walletLinkKind('trust://open')).toBe('app')
    expect(walletLinkKind('rainbow')).toBe('app')
    expect(walletLinkKind('rainbow:')).toBe('app')
  })

  it('refuses links that run code or read local data, and anything that is not a clean link', () => {
    for (const link of ['javascript:alert(1)', 'javascript://%0aalert(1)', 'JAVASCRIPT://x', 'data:text/html,x', 'data://x', 'vbscript://x', 'file:///etc/passwd', 'blob://x', 'about:blank', 'java\tscript://x', '\u0000javascript://x', 'https://', 'https:x', '://x', '1pass://x', '', '  ', 42, null, {}]) {
      expect(walletLinkKind(link), JSON.stringify(link)).toBeNull()
    }
  })
})

describe('isWebUrl', () => {
  it('accepts only http(s) URLs with a host', () => {
    expect(isWebUrl('https://amber.example/icon.png')).toBe(true)
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///x', 'https://', 'amber://', 'https://a b', 7]) expect(isWebUrl(url)).toBe(false)
  })
})

describe('parseWalletRecord', () => {
  it('keeps a well-formed record as it is', () => {
    const record = {
      id: 'e43845ce',
      name: 'Amber Wallet',
      homepage: 'https://amber-wallet.example',
      image_id: '7d0fe1af',
      mobile_link: 'gangwaywallet1://',
      desktop_link: null,
      webapp_link: 'https://app.amber-wallet.example',
      chains: ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      rdns: 'example.amber-wallet',
      injected: [{ namespace: 'eip155', injected_id: 'isAmber' }],
      badge_type: 'certified',
    }
    expect(parseWalletRecord(record)).toEqual(record)
  })

  it('drops wrong-typed optional fields and unsafe links, not the record', () => {
    expect(
      parseWalletRecord({
        id: 'w1',
        name: 'Wallet',
        image_id: 5,
        image_url: 'javascript:alert(1)',
        homepage: { href: 'https://x.example' },
        mobile_link: 'javascript:alert(document.cookie)',
        desktop_link: 'data:text/html,<script>1</script>',
        webapp_link: 'vbscript:msgbox',
        app_store: 'file:///etc/passwd',
        play_store: 'https://play.example/amber',
        chains: ['eip155:1', 7, null, 'eip155:10'],
        rdns: ['x'],
        injected: [{ namespace: 'eip155', injected_id: 'isW' }, { namespace: 1 }, null],
        badge_type: 'gold',
        order: 1,
        __proto__: { polluted: true },
      }),
    ).toEqual({
      id: 'w1',
      name: 'Wallet',
      play_store: 'https://play.example/amber',
      chains: ['eip155:1', 'eip155:10'],
      injected: [{ namespace: 'eip155', injected_id: 'isW' }],
    })
    expect(parseWalletRecord({ id: 'w1', name: 'W', chains: 'eip155:1', injected: 'x' })).toEqual({ id: 'w1', name: 'W' })
  })

  it('refuses a record without a usable id or name', () => {
    for (const value of [null, 'w1', [], {}, { id: 'w1' }, { name: 'W' }, { id: 1, name: 'W' }, { id: 'w1', name: ['W'] }, { id: '  ', name: 'W' }, { id: 'w1', name: '' }]) {
      expect(parseWalletRecord(value)).toBeNull()
    }
  })
})
