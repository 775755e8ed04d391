// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ModalProvider } from '../../../src/react/ModalProvider'
import { useGangwayProvider, useGangwayWalletClient } from '../../../src/react/index'
import { settle } from '../../support/virtualTime'
import { ACCOUNT_A_CHECKSUMMED, ACCOUNT_B, setup } from './support'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// The wallet client's chunk loads on the first getWalletClient; loaded here once, so a busy
// machine's slow first import cannot outlast the few macrotasks each step waits.
beforeAll(async () => {
  await import('../../../src/walletClient')
})

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

/** Shows what the hooks give: the provider's name, the client's account and chain. */
function Probe({ chainId }: { chainId?: number }) {
  const provider = useGangwayProvider() as { name?: string } | undefined
  const client = useGangwayWalletClient(chainId === undefined ? undefined : { chainId })
  return (
    <>
      <span data-testid="provider">{provider?.name ?? 'none'}</span>
      <span data-testid="client">{client ? `${client.account.address}@${client.chain.id}` : 'none'}</span>
    </>
  )
}

async function mount(modal: Awaited<ReturnType<typeof setup>>['modal'], chainId?: number) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () =>
    root.render(
      <ModalProvider modal={modal}>
        <Probe {...(chainId === undefined ? {} : { chainId })} />
      </ModalProvider>,
    ),
  )
  cleanup.push(() => act(() => root.unmount()))
  const read = (id: string) => el.querySelector(`[data-testid="${id}"]`)!.textContent
  return { provider: () => read('provider'), client: () => read('client') }
}

/** Runs `change` and lets the hooks resolve again. */
async function after(change: () => Promise<unknown> | void) {
  await act(async () => {
    await change()
  })
  for (let i = 0; i < 5; i++) await act(() => settle(5))
}

describe('useGangwayProvider and useGangwayWalletClient', () => {
  it('follow the connection: connect, another wallet, network switch, account change, disconnect', async () => {
    const { modal, fake, connect } = await setup()
    const view = await mount(modal)
    expect([view.provider(), view.client()]).toEqual(['none', 'none'])

    await after(() => connect('a'))
    expect([view.provider(), view.client()]).toEqual(['a', `${ACCOUNT_A_CHECKSUMMED}@1`])

    await after(async () => {
      const switching = modal.switchNetwork('eip155:2')
      fake.answer('switchNetwork', undefined)
      await switching
    })
    expect([view.provider(), view.client()]).toEqual(['a', `${ACCOUNT_A_CHECKSUMMED}@2`])

    await after(() => fake.emit('a', { type: 'accountsChanged', accounts: [ACCOUNT_B] }))
    expect(view.client()).toBe(`${ACCOUNT_B}@2`)

    await after(() => connect('b', [ACCOUNT_B], 'eip155:1'))
    expect([view.provider(), view.client()]).toEqual(['b', `${ACCOUNT_B}@1`])

    await after(async () => {
      const done = modal.disconnect()
      fake.answer('disconnect', undefined)
      await done
    })
    expect([view.provider(), view.client()]).toEqual(['none', 'none'])
  })

  it('the wallet client takes a chainId of the host networks', async () => {
    const { modal, connect } = await setup()
    const view = await mount(modal, 2)
    await after(() => connect('a'))
    expect(view.client()).toBe(`${ACCOUNT_A_CHECKSUMMED}@2`)
  })

  it('a wallet client that cannot be made leaves the hook undefined, the provider hook unaffected', async () => {
    const { modal, connect } = await setup()
    const view = await mount(modal, 77)
    await after(() => connect('a'))
    expect([view.provider(), view.client()]).toEqual(['a', 'none'])
  })

  it('render nothing connected on the server, even for a connected modal', async () => {
    const { modal, connect } = await setup()
    await connect('a')
    const html = renderToString(
      <ModalProvider modal={modal}>
        <Probe />
      </ModalProvider>,
    )
    expect(html).toContain('<span data-testid="provider">none</span>')
    expect(html).toContain('<span data-testid="client">none</span>')
  })
})
