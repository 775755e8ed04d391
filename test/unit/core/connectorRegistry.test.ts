import { BehaviorSubject, firstValueFrom, of, toArray, take } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createConnectorRegistry, type ConnectorSourceAdapter } from '../../../src/core/connectorRegistry'
import type { Connector } from '../../../src/core/domain/entities'
import { ChainAdapterNotFoundError, ConnectorNotFoundError } from '../../../src/core/errors/connection'
import type { Namespace } from '../../../src/core/events/views'
import { evmNetwork } from '../../support/stateAfter'

const network = evmNetwork(1, 'One')
const connector = (id: string, chain: Namespace = 'eip155', type: Connector['type'] = 'ANNOUNCED'): Connector => ({ id, name: id, chain, type })

/** Text as hex digits, so an answer in a wallet's format still says who gave it. */
const hexOf = (text: string) => Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')
/** A transaction hash (0x + 64 hex) and a signature (0x + 130 hex) made of `text`. */
const hashOf = (text: string) => `0x${hexOf(text).padEnd(64, '0').slice(0, 64)}`
const signatureOf = (text: string) => `0x${hexOf(text).padEnd(130, '0').slice(0, 130)}`

/**
 * A source answering every call with `name: method`, so a test sees who got what; a send
 * answers a transaction hash of that text and a signature a signature of it, as wallets do.
 */
function source(name: string, connectors: Connector[] | BehaviorSubject<Connector[]>, extra: Partial<ConnectorSourceAdapter> = {}) {
  const calls: unknown[][] = []
  const answerOf = (method: string) => (method === 'sendTransfer' ? hashOf(`${name}: ${method}`) : method === 'signMessage' ? signatureOf(`${name}: ${method}`) : `${name}: ${method}`)
  const say = (method: string) => async (...args: unknown[]) => (calls.push([method, ...args]), answerOf(method))
  const adapter = {
    connectors: () => (Array.isArray(connectors) ? of(connectors) : connectors.asObservable()),
    connect: say('connect'),
    reconnect: say('reconnect'),
    disconnect: say('disconnect'),
    events: (id: string) => of({ type: 'ignored' as const, event: name, reason: id }),
    switchNetwork: say('switchNetwork'),
    signMessage: say('signMessage'),
    sendTransfer: say('sendTransfer'),
    ...extra,
  } as unknown as ConnectorSourceAdapter
  return { adapter, calls }
}

describe('the connector registry', () => {
  it('routes each connector to its source with every argument, across sources', async () => {
    const registry = createConnectorRegistry()
    const evm = source('evm', [connector('injected')], { getBalance: async () => '1', waitForReceipt: async () => ({ status: 'success', blockNumber: '1' }) })
    const wc = source('wc', [connector('walletConnect', 'eip155', 'WALLET_CONNECT')])
    registry.register({ namespace: 'eip155', adapter: evm.adapter })
    registry.register({ namespace: 'eip155', connectorIds: ['walletConnect'], type: 'WALLET_CONNECT', adapter: wc.adapter })
    const view = registry.chainAdapter('eip155')!
    expect(view.namespace).toBe('eip155')
    expect(await view.connect('injected', { network })).toBe('evm: connect')
    expect(await view.reconnect('walletConnect', { network })).toBe('wc: reconnect')
    expect(await view.sendTransfer('walletConnect', network, { from: 'a', receiver: 'b', amount: '1', token: 't', decimals: 6 })).toBe(hashOf('wc: sendTransfer'))
    expect(evm.calls).toEqual([['connect', 'injected', { network }]])
    expect(wc.calls).toEqual([
      ['reconnect', 'walletConnect', { network }],
      ['sendTransfer', 'walletConnect', network, { from: 'a', receiver: 'b', amount: '1', token: 't', decimals: 6 }],
    ])
    expect(await firstValueFrom(view.events('walletConnect'))).toEqual({ type: 'ignored', event: 'wc', reason: 'walletConnect' })
    // Network reads go to the chain adapter.
    expect(await view.getBalance(network, '0x1')).toBe('1')
    expect(registry.sourceFor('eip155', 'walletConnect').type).toBe('WALLET_CONNECT')
    expect(registry.adapterFor('eip155', 'someWallet')).toBe(evm.adapter)
  })

  it('a connector id two sources name belongs to the one registered last, and is listed once, from it', async () => {
    const registry = createConnectorRegistry()
    const evm = source('evm', [connector('auth', 'eip155', 'INJECTED'), connector('injected')])
    const first = source('first', [connector('auth', 'eip155', 'AUTH')])
    const second = source('second', [{ ...connector('auth', 'eip155', 'AUTH'), name: 'second' }])
    registry.register({ namespace: 'eip155', adapter: evm.adapter })
    registry.register({ namespace: 'eip155', connectorIds: ['auth'], adapter: first.adapter })
    registry.register({ namespace: 'eip155', connectorIds: (id) => id === 'auth', adapter: second.adapter })
    const view = registry.chainAdapter('eip155')!
    expect(await view.connect('auth')).toBe('second: connect')
    expect((await firstValueFrom(view.connectors())).map((c) => `${c.id} ${c.name}`)).toEqual(['auth second', 'injected injected'])
  })

  it('merges every source list, newest registration first, and follows their updates', async () => {
    const registry = createConnectorRegistry()
    const found = new BehaviorSubject([connector('a')])
    registry.register({ namespace: 'solana', adapter: source('sol', found).adapter })
    registry.register({ namespace: 'solana', connectorIds: ['walletConnect'], adapter: source('wc', [connector('walletConnect', 'solana', 'WALLET_CONNECT')]).adapter })
    const lists = firstValueFrom(registry.chainAdapter('solana')!.connectors().pipe(take(2), toArray()))
    found.next([connector('a'), connector('b')])
    expect((await lists).map((list) => list.map((c) => c.id))).toEqual([
      ['walletConnect', 'a'],
      ['walletConnect', 'a', 'b'],
    ])
  })

  it('reaches capabilities through the view: evm and solana calls go to the owner, a provider only where one is handed out', async () => {
    const registry = createConnectorRegistry()
    const provider = { request: async () => null }
    const evm = source('evm', [], {
      evm: { signTypedData: async (id, r) => signatureOf(`evm ${id} ${r.address}`), sendTransaction: async (id) => hashOf(`evm tx ${id}`), getProvider: async () => provider },
    })
    const wc = source('wc', [], { evm: { signTypedData: async (id) => signatureOf(`wc ${id}`), sendTransaction: async (id, n, tx) => hashOf(`wc ${id} ${n.caipNetworkId} ${tx.to}`) } })
    registry.register({ namespace: 'eip155', adapter: evm.adapter })
    registry.register({ namespace: 'eip155', connectorIds: ['walletConnect'], adapter: wc.adapter })
    const sol = source('sol', [], { solana: { signTransaction: async (id, r) => `sol ${id} ${r.transaction}`, signAndSendTransaction: async () => 'sig' } })
    registry.register({ namespace: 'solana', connectorIds: ['phantom'], adapter: sol.adapter })
    const view = registry.chainAdapter('eip155')!
    expect(await view.evm!.signTypedData('injected', { address: '0xa', typedData: {} })).toBe(signatureOf('evm injected 0xa'))
    expect(await view.evm!.sendTransaction('walletConnect', network, { from: '0xa', to: '0xb' })).toBe(hashOf('wc walletConnect eip155:1 0xb'))
    expect(await view.evm!.getProvider!('injected')).toBe(provider)
    expect(await view.evm!.getProvider!('walletConnect')).toBeUndefined()
    expect(registry.capabilities('eip155', 'walletConnect')).toEqual({ evm: true, solana: false, provider: false })
    expect(view.solana).toBeUndefined()
    expect(await registry.chainAdapter('solana')!.solana!.signTransaction('phantom', { address: 'x', transaction: 'AA==' })).toBe('sol phantom AA==')
    expect(registry.chainAdapter('solana')!.evm).toBeUndefined()
  })

  it('rejects an unknown connector with ConnectorNotFoundError, a namespace nobody serves with ChainAdapterNotFoundError', async () => {
    const registry = createConnectorRegistry()
    registry.register({ namespace: 'eip155', connectorIds: ['walletConnect'], adapter: source('wc', []).adapter })
    const view = registry.chainAdapter('eip155')!
    const unknown = view.connect('nope')
    await expect(unknown).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(unknown).rejects.toMatchObject({ shortMessage: 'No connector found for connection: nope' })
    await expect(view.disconnect('nope')).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(firstValueFrom(view.events('nope'))).rejects.toBeInstanceOf(ConnectorNotFoundError)
    // No source has network reads: the namespace has no chain adapter for them.
    await expect(view.getBalance(network, '0x1')).rejects.toBeInstanceOf(ChainAdapterNotFoundError)
    expect(registry.chainAdapter('solana')).toBeUndefined()
    expect(() => registry.sourceFor('solana', 'x')).toThrow(ChainAdapterNotFoundError)
    expect(Object.keys(registry.chainAdapters())).toEqual(['eip155'])
  })

  it('network reads: the chain adapter answers, else the first source that can; a fee estimate only where the chain adapter has one', async () => {
    const alone = createConnectorRegistry()
    alone.register({ namespace: 'eip155', connectorIds: ['auth'], adapter: source('auth', [], { getBalance: async () => 'auth', estimateTransferFee: async () => '7' }).adapter })
    alone.register({ namespace: 'eip155', connectorIds: ['walletConnect'], adapter: source('wc', [], { getBalance: async () => 'wc' }).adapter })
    expect(await alone.chainAdapter('eip155')!.getBalance(network, '0x1')).toBe('auth')
    expect(await alone.chainAdapter('eip155')!.estimateTransferFee!(network, { from: 'a', receiver: 'b', amount: '1' })).toBe('7')

    const withChain = createConnectorRegistry()
    withChain.register({ namespace: 'eip155', adapter: source('evm', [], { getBalance: async () => 'evm' }).adapter })
    withChain.register({ namespace: 'eip155', connectorIds: ['auth'], adapter: source('auth', [], { getBalance: async () => 'auth', estimateTransferFee: async () => '7' }).adapter })
    expect(await withChain.chainAdapter('eip155')!.getBalance(network, '0x1')).toBe('evm')
    expect(withChain.chainAdapter('eip155')!.estimateTransferFee).toBeUndefined()
  })

  it("refuses an EVM wallet's answer that is not a transaction hash or a signature (spec §5), whichever source gave it", async () => {
    const registry = createConnectorRegistry()
    const junk = { signMessage: async () => '0x1234', sendTransfer: async () => ({ hash: hashOf('x') }) as never }
    registry.register({ namespace: 'eip155', adapter: source('evm', [], { ...junk, evm: { signTypedData: async () => 'signed', sendTransaction: async () => `${hashOf('x')}00` } }).adapter })
    registry.register({ namespace: 'eip155', connectorIds: ['walletConnect'], adapter: source('wc', [], { ...junk, evm: { signTypedData: async () => null as never, sendTransaction: async () => hashOf('x').slice(0, 65) } }).adapter })
    const view = registry.chainAdapter('eip155')!
    for (const id of ['injected', 'walletConnect']) {
      await expect(view.signMessage(id, { address: '0xa', message: 'hi' }), id).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
      await expect(view.evm!.signTypedData(id, { address: '0xa', typedData: {} })).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Error signing message' })
      await expect(view.sendTransfer(id, network, { from: 'a', receiver: 'b', amount: '1' })).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Something went wrong' })
      await expect(view.evm!.sendTransaction(id, network, { from: '0xa', to: '0xb' })).rejects.toMatchObject({ name: 'WalletInvalidResponseError', shortMessage: 'Something went wrong' })
    }
    // A wallet's own failure passes as it was.
    const refused = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    registry.register({ namespace: 'eip155', connectorIds: ['refuser'], adapter: source('refuser', [], { signMessage: async () => Promise.reject(refused) }).adapter })
    await expect(registry.chainAdapter('eip155')!.signMessage('refuser', { address: '0xa', message: 'hi' })).rejects.toBe(refused)
    // Solana answers base58 signatures: its adapters check them.
    registry.register({ namespace: 'solana', connectorIds: ['phantom'], adapter: source('sol', [], { sendTransfer: async () => '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' }).adapter })
    expect(await registry.chainAdapter('solana')!.sendTransfer('phantom', network, { from: 'a', receiver: 'b', amount: '1' })).toBe('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')
  })

  it('a namespace has one chain adapter: registering another replaces it', async () => {
    const registry = createConnectorRegistry()
    registry.register({ namespace: 'eip155', adapter: source('old', []).adapter })
    registry.register({ namespace: 'eip155', adapter: source('new', []).adapter })
    expect(await registry.chainAdapter('eip155')!.connect('x')).toBe('new: connect')
  })
})
