// One local Bitcoin node (bcoin regtest) and a gateway serving it, for a test file: started before
// its tests, stopped after them.
import { afterAll, beforeAll } from 'vitest'
import { REGTEST_CAIP2 } from '../../dev/bitcoin/devAccounts'
import { startBitcoinNode, type BitcoinNode } from '../../dev/bitcoin/startBitcoinNode'
import { startGateway, type Gateway } from '../../dev/gateway/startGateway'

/** The CAIP-2 reference of regtest: `/v1/esplora/{reference}/…`. */
export const REGTEST_REFERENCE = REGTEST_CAIP2.slice('bip122:'.length)

/**
 * Registers the file's start and stop; the node and the gateway are set once the start is done.
 *
 * @example
 * const btc = bitcoinGatewayForFile()
 * it('…', async () => fetch(`${btc.gateway.url}/v1/esplora/${REGTEST_REFERENCE}/fee-estimates?projectId=t`))
 */
export function bitcoinGatewayForFile(): { node: BitcoinNode; gateway: Gateway } {
  const running = {} as { node: BitcoinNode; gateway: Gateway }
  beforeAll(async () => {
    running.node = await startBitcoinNode()
    running.gateway = await startGateway({ port: 0, chains: [], tokens: [], logRequests: false, bitcoin: { caipNetworkId: running.node.caipNetworkId, esploraUrl: running.node.esploraUrl } })
  }, 60_000)
  afterAll(async () => {
    await running.gateway?.stop()
    await running.node?.stop()
  })
  return running
}
