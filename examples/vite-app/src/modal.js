// The app's modal. Its networks and services come from environment variables (VITE_…) in a
// deployed build; the tests build the app in `test` mode and hand it the local stack's
// configuration in the page's URL, a branch Vite drops from every other build.
import { createModal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'

const stack = import.meta.env.MODE === 'test' ? JSON.parse(new URLSearchParams(location.search).get('stack') ?? 'null') : null

export const modal = createModal(
  stack
    ? {
        projectId: stack.projectId,
        networks: stack.chains.map((c) => defineEvmNetwork({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, testnet: true })),
        adapters: [createEvmAdapter()],
        apiUrl: stack.gatewayUrl,
      }
    : {
        projectId: import.meta.env.VITE_GANGWAY_PROJECT_ID,
        networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: import.meta.env.VITE_BASE_RPC_URL })],
        adapters: [createEvmAdapter()],
        apiUrl: import.meta.env.VITE_GANGWAY_API_URL,
      },
)
