import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { defineChain, erc20Abi, http, type Address, type Chain } from 'viem'
import { createConfig, useAccount, useCallsStatus, useCapabilities, useConnect, useDisconnect, useSendCalls, useSwitchChain, useWriteContract, WagmiProvider, type Config } from 'wagmi'
import { installDevWallets } from '../../../dev/extension/installDevWallets'
import { loadStackConfig, type StackConfig } from '../../../dev/stack/stackConfig'
import { createModal, type Modal } from '../../../src/index'
import { createEvmAdapter } from '../../../src/evm'
import { ModalProvider, useGangwayModal } from '../../../src/react/index'
import { gangwayConnector, networksFromChains } from '../../../src/wagmi'

// A host app that uses wagmi's hooks for its own calls and Gangway as its wallet modal, both on
// the same viem chains: the README's "wagmi" setup, on the local stack.

function App({ stack }: { stack: StackConfig }) {
  const account = useAccount()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const { writeContract, data: hash, error: writeError } = useWriteContract()
  const { sendCalls, data: batch, error: callsError } = useSendCalls()
  const { data: callsStatus } = useCallsStatus({ id: batch?.id ?? '', query: { enabled: !!batch, refetchInterval: (q) => (q.state.data?.status === 'success' ? false : 300) } })
  const { data: capabilities } = useCapabilities({ query: { enabled: account.status === 'connected' } })
  const { open } = useGangwayModal()
  const [receiver, setReceiver] = useState('')
  const [amount, setAmount] = useState('')
  const token = stack.tokens.find((t) => t.chainId === account.chainId)
  return (
    <main>
      <h1>Gangway + wagmi</h1>
      <p>
        wagmi: <span data-testid="wagmi-status">{account.status}</span> · <span data-testid="wagmi-address">{account.address ?? ''}</span> ·{' '}
        <span data-testid="wagmi-chain">{account.chainId ?? ''}</span> · <span data-testid="wagmi-connector">{account.connector?.id ?? ''}</span>
      </p>
      <button type="button" data-testid="wagmi-connect" onClick={() => connect({ connector: connectors[0]! })}>
        Connect (wagmi)
      </button>
      <button type="button" data-testid="open-modal" onClick={() => open()}>
        Open Gangway
      </button>
      <button type="button" data-testid="wagmi-disconnect" onClick={() => disconnect()}>
        Disconnect (wagmi)
      </button>
      {stack.chains.map((c) => (
        <button key={c.chainId} type="button" data-testid={`wagmi-switch-${c.chainId}`} onClick={() => switchChain({ chainId: c.chainId })}>
          Switch to {c.name}
        </button>
      ))}
      <p data-testid="connect-error">{connectError ? `${connectError.name} ${(connectError as { code?: number }).code ?? ''}` : ''}</p>
      <input data-testid="receiver" value={receiver} onChange={(e) => setReceiver(e.target.value)} />
      <input data-testid="amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <button
        type="button"
        data-testid="transfer"
        disabled={!token}
        onClick={() => writeContract({ address: token!.address, abi: erc20Abi, functionName: 'transfer', args: [receiver as Address, BigInt(amount)] })}
      >
        Send {token?.symbol ?? 'tokens'}
      </button>
      <p data-testid="tx-hash">{hash ?? ''}</p>
      <p data-testid="tx-error">{writeError ? writeError.name : ''}</p>
      <button
        type="button"
        data-testid="send-calls"
        onClick={() => sendCalls({ calls: [{ to: receiver as Address, value: 1n }, { to: receiver as Address, value: BigInt(amount || '0') }], forceAtomic: true })}
      >
        Send both at once
      </button>
      <p data-testid="calls-id">{batch?.id ?? ''}</p>
      <p data-testid="calls-status">{callsStatus ? `${callsStatus.status} ${callsStatus.statusCode} ${callsStatus.atomic} ${callsStatus.receipts?.length ?? 0}` : ''}</p>
      <p data-testid="calls-error">{callsError ? callsError.name : ''}</p>
      <p data-testid="capabilities">{capabilities && account.chainId ? JSON.stringify(capabilities[account.chainId]) : ''}</p>
    </main>
  )
}

async function main() {
  const stack = await loadStackConfig()
  installDevWallets({ chains: stack.chains, accounts: stack.accounts, knownChainIds: stack.chains.map((c) => c.chainId), bundlers: stack.bundlers })
  const chains = stack.chains.map((c) =>
    defineChain({ id: c.chainId, name: c.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [c.rpcUrl] } }, testnet: true }),
  ) as unknown as [Chain, ...Chain[]]
  const modal: Modal = createModal({ projectId: stack.projectId, networks: networksFromChains(chains), adapters: [createEvmAdapter()] })
  const config: Config = createConfig({
    chains,
    connectors: [gangwayConnector(modal)],
    transports: Object.fromEntries(chains.map((c) => [c.id, http()])),
    // Gangway finds the browser's wallets itself; wagmi's own EIP-6963 connectors would be a second list.
    multiInjectedProviderDiscovery: false,
  })
  Object.assign(window, { gangway: modal, wagmiConfig: config })
  const queryClient = new QueryClient()
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>
          <ModalProvider modal={modal}>
            <App stack={stack} />
          </ModalProvider>
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
}

main().catch((error: unknown) => {
  document.body.textContent = `The page could not start: ${error instanceof Error ? error.message : String(error)}`
})
