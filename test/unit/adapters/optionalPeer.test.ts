import { describe, expect, it, vi } from 'vitest'
import { GangwayError } from '../../../src/core/errors/base'
import { importOptionalPeer, missingPeer } from '../../../src/adapters/optionalPeer'

describe('importOptionalPeer', () => {
  it('returns the module when the package is installed', async () => {
    const mod = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => Promise.resolve({ ok: 1 }))
    expect(mod).toEqual({ ok: 1 })
  })

  it('names the package to install when Node cannot find it', async () => {
    const error = await importOptionalPeer('gangway-missing-peer', 'the Components tab', () =>
      // A real resolution failure of a package that is not installed.
      import(/* @vite-ignore */ ['gangway', 'missing', 'peer'].join('-')),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GangwayError)
    expect((error as GangwayError).shortMessage).toBe('Install gangway-missing-peer to use the Components tab')
    expect((error as GangwayError).code).toBe('MISSING_PEER_DEPENDENCY')
    expect((error as GangwayError).cause).toBeInstanceOf(Error)
  })

  it("names the package to install behind Vite's stand-in for a missing optional peer", async () => {
    const vite = new Error('Could not resolve "react-devtools-inline/frontend" imported by "gangway". Is it installed?')
    const error = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => Promise.reject(vite)).catch((e: unknown) => e)
    expect((error as GangwayError).shortMessage).toBe('Install react-devtools-inline to use the Components tab')
    expect((error as GangwayError).details).toBe(vite.message)
  })

  it('names the package a peer needs without declaring it, beside the peer (react-is for the devtools frontend)', async () => {
    const vite = new Error('Could not resolve "react-is" imported by "react-devtools-inline". Is it installed?')
    const error = await importOptionalPeer(['react-devtools-inline', 'react-is'], 'the Components tab', () => Promise.reject(vite)).catch((e: unknown) => e)
    expect((error as GangwayError).shortMessage).toBe('Install react-devtools-inline and react-is to use the Components tab')
  })

  it('passes other failures through unchanged', async () => {
    const network = new TypeError('Failed to fetch dynamically imported module: https://app.example/assets/frontend-1a2b.js')
    await expect(importOptionalPeer('react-devtools-inline', 'the Components tab', () => Promise.reject(network))).rejects.toBe(network)
  })
})

describe('missingPeer', () => {
  it("turns webpack's stand-in for a package it could not resolve into the package to install, told once in a development console with the command", () => {
    const logged: unknown[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((message: unknown) => void logged.push(message))
    try {
      // What webpack's build of `try { await import('x') } catch` throws when x is not installed.
      const webpack = Object.assign(new Error("Cannot find module '@walletconnect/universal-provider'"), { code: 'MODULE_NOT_FOUND' })
      const pkgs = ['@walletconnect/universal-provider', '@walletconnect/utils']
      const error = missingPeer(webpack, pkgs, 'WalletConnect') as GangwayError
      expect(error.shortMessage).toBe('Install @walletconnect/universal-provider and @walletconnect/utils to use WalletConnect')
      expect(error.cause).toBe(webpack)
      missingPeer(webpack, pkgs, 'WalletConnect')
      expect(logged).toEqual(['Gangway: Install @walletconnect/universal-provider and @walletconnect/utils to use WalletConnect: npm install @walletconnect/universal-provider @walletconnect/utils'])
      // Another package's absence is not this one's.
      const other = Object.assign(new Error("Cannot find module 'left-pad'"), { code: 'MODULE_NOT_FOUND' })
      expect(missingPeer(other, pkgs, 'WalletConnect')).toBe(other)
    } finally {
      spy.mockRestore()
    }
  })
})
