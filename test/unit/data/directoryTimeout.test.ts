import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWalletDirectoryClient } from '../../../src/adapters/api/createWalletDirectoryClient'
import { walletListPageRequested } from '../../../src/core/events/data/walletList'
import type { ModalState } from '../../../src/core/state'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { json, never, startScriptedServer, type ScriptedServer } from '../api/scriptedServer'

// The real directory client against a real server that accepts requests and never answers:
// the lists must fail with a message (and offer their retry), not load for ever.
let server: ScriptedServer
beforeAll(async () => {
  server = await startScriptedServer(never)
})
afterAll(() => server.stop())

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time')
    await settle(1)
  }
}

describe('a wallet directory that never answers', () => {
  it('fails the recommended and AllWallets lists after the timeout, and a retry loads them once it answers', { timeout: 5_000 }, async () => {
    const directory = createWalletDirectoryClient({ baseUrl: server.url, projectId: 'p', sdkType: 'gangway', sdkVersion: '0', timeoutMs: 80, retries: 0 })
    const { modal } = await createTestModal({ walletDirectory: directory })
    const lists = () => modal.getState().walletList.lists as ModalState['walletList']['lists']
    modal.open()
    await until(() => lists().all.status !== 'loading' && lists().recommended.status !== 'loading')
    for (const list of [lists().all, lists().recommended]) {
      expect(list.status).toBe('failed')
      expect(list.error).toEqual({
        name: 'ApiTimeoutError',
        kind: 'API_TIMEOUT',
        shortMessage: 'Something went wrong',
        code: 'TIMEOUT',
        details: 'GET /getWallets got no answer within 80 ms',
      })
    }

    server.answer(json({ count: 1, data: [{ id: 'w1', name: 'One' }] }))
    modal.dispatch(walletListPageRequested({ list: 'all' }))
    await until(() => lists().all.status === 'loaded')
    expect(lists().all.wallets.map((w) => w.id)).toEqual(['w1'])
    modal.destroy()
  })
})
