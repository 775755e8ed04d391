import { describe, expect, it } from 'vitest'
import { withdrawEmbeddedPrompt } from '../../../../src/core/effects/embeddedWallet/withdrawEmbeddedPrompt'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { modalCloseRequested, modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { siwxSessionStored, siwxSignInCancelled, siwxSignInRequested } from '../../../../src/core/events/siwx/siwx'
import type { EventInput } from '../../../../src/core/events/defineEvent'
import type { AuthConnector } from '../../../../src/core/ports'
import { runEffectAsync } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { ACCOUNT } from './fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connected = (connectorId: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const signing = siwxSignInRequested({ caipAddress: CAIP, nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }, { requestId: 's1' })
const session = { data: { accountAddress: ACCOUNT, chainId: 'eip155:1', domain: 'app.example', uri: 'https://app.example', nonce: 'abcdefgh12345678', issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: '2026-01-02T00:00:00.000Z' }, message: 'm', signature: '0x11' }

/** How many times the effect asked the embedded wallet to withdraw its prompts, after `before` then `events`. */
async function withdrawals(before: EventInput[], events: Record<string, EventInput>, marble: string): Promise<number> {
  let aborted = 0
  const auth = { abortRequest: async () => void aborted++ } as unknown as AuthConnector
  await runEffectAsync(withdrawEmbeddedPrompt, { events: { marble, values: events }, state: stateAfter(before, { settings: { siwx: { required: false } } }), reduce: true, deps: { auth } })
  return aborted
}

describe('withdrawEmbeddedPrompt', () => {
  it('Cancel while the embedded wallet asks to sign the sign-in: its prompt is withdrawn', async () => {
    expect(await withdrawals([connected('auth'), modalOpenRequested({}), signing], { c: siwxSignInCancelled({ caipAddress: CAIP }) }, 'c')).toBe(1)
  })

  it('the modal closing on that sign-in withdraws it too', async () => {
    expect(await withdrawals([connected('auth'), modalOpenRequested({}), signing], { x: modalCloseRequested({}) }, 'x')).toBe(1)
  })

  it('nothing is withdrawn for another wallet, a sign-in already done, or a close that closes nothing', async () => {
    const cancel = { c: siwxSignInCancelled({ caipAddress: CAIP }), x: modalCloseRequested({}) }
    // Another wallet signs: its own prompt is not the frame's.
    expect(await withdrawals([connected('injected'), modalOpenRequested({}), signing], cancel, 'c-x')).toBe(0)
    // Signed: nothing is being asked.
    expect(await withdrawals([connected('auth'), modalOpenRequested({}), signing, siwxSessionStored({ caipAddress: CAIP, session }, { requestId: 's1' })], cancel, 'c-x')).toBe(0)
    // The modal was closed already (the sign-in goes on in the frame; a second close changes nothing).
    expect(await withdrawals([connected('auth'), signing], { x: modalCloseRequested({}) }, 'x')).toBe(0)
  })
})
