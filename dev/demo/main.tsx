import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { installDevWallets } from '../extension/installDevWallets'
import { loadStackConfig, type StackConfig } from '../stack/stackConfig'
import { createModal, DEFAULT_SWAP_CHAINS, VIEWS, type ChainAdapter, type ConnectMethod, type Modal, type Network, type ViewName } from '../../src/index'
import { createEvmAdapter, defineEvmNetwork } from '../../src/evm'
import { walletConnect } from '../../src/walletconnect'
import { batchedCalls, embeddedWallet, names, onramp, pay, siwx, smartSessions, swaps } from '../../src/features'
import { ModalProvider, useModal, useModalState } from '../../src/react/index'
import { GangwayDevtools } from '../../src/devtools/index'

/** The demo host app: a page with a connect button, a theme switch and the devtools beside it. */
function App({ config, solana, bitcoin, email, payOn, devtools }: { config: StackConfig; solana: boolean; bitcoin: boolean; email: boolean; payOn: boolean; devtools: boolean }) {
  const modal = useModal()
  const open = useModalState((s) => s.modal.open)
  const view = useModalState((s) => s.router.view)
  const theme = useModalState((s) => s.preferences.themeMode)
  const locale = useModalState((s) => s.preferences.locale)
  useEffect(() => {
    document.body.dataset.theme = theme
  }, [theme])
  return (
    <div className="demo">
      <main className="demo-app">
        <h1>Gangway demo</h1>
        <p>A host app on the local stack: chains {config.chains.map((c) => c.chainId).join(', ')}.</p>
        <button type="button" className="primary" data-testid="open-modal" onClick={() => modal.open()}>
          Connect wallet
        </button>
        <button type="button" data-testid="toggle-theme" onClick={() => modal.setThemeMode(theme === 'dark' ? 'light' : 'dark')}>
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
        <label className="demo-locale">
          Language{' '}
          <select data-testid="demo-locale" value={locale} onChange={(e) => modal.setLocale(e.target.value)}>
            <option value="en">English</option>
            <option value="es">Español</option>
            <option value="ja">日本語</option>
            <option value="ar">العربية</option>
            <option value="zh">简体中文</option>
            <option value="ko">한국어</option>
            <option value="ru">Русский</option>
            <option value="tr">Türkçe</option>
            <option value="hi">हिन्दी</option>
            <option value="fr">Français</option>
            <option value="de">Deutsch</option>
            <option value="pt">Português</option>
            <option value="he">עברית</option>
            <option value="auto">Browser (auto)</option>
          </select>
        </label>
        <a className="demo-toggle" data-testid="toggle-solana" href={toggleHref('solana', !solana)}>
          {solana ? 'Without Solana' : 'With Solana'}
        </a>
        <a className="demo-toggle" data-testid="toggle-bitcoin" href={toggleHref('bitcoin', !bitcoin)}>
          {bitcoin ? 'Without Bitcoin' : 'With Bitcoin'}
        </a>
        <a className="demo-toggle" data-testid="toggle-email" href={toggleHref('email', !email)}>
          {email ? 'Without e-mail login' : 'With e-mail login'}
        </a>
        <a className="demo-toggle" data-testid="toggle-pay" href={toggleHref('pay', !payOn)}>
          {payOn ? 'Without Pay' : 'With Pay'}
        </a>
        {email && config.mailUrl ? (
          <a className="demo-toggle" data-testid="demo-inbox" href={config.mailUrl} target="_blank" rel="noreferrer">
            Inbox
          </a>
        ) : null}
        <WalletRequests config={config} />
        <PayRequests config={config} />
        <label className="demo-locale">
          Open a view{' '}
          <select data-testid="demo-open-view" value="" onChange={(e) => e.target.value && modal.open(e.target.value as ViewName)}>
            <option value="">Choose…</option>
            {VIEWS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <p className="demo-status" data-testid="demo-status">
          modal: {open ? 'open' : 'closed'} · view: {view} · theme: {theme}
        </p>
      </main>
      {devtools ? (
        <aside className="demo-devtools">
          <GangwayDevtools modal={modal} />
        </aside>
      ) : null}
    </div>
  )
}

/**
 * What a host asks of the connected wallet, through the modal's commands: each shows the modal's
 * feedback (approve in your wallet, then the result); the outcome is printed here too.
 */
function WalletRequests({ config }: { config: StackConfig }) {
  const modal = useModal()
  const namespace = useModalState((s) => s.connection.activeNamespace)
  const connected = useModalState((s) => !!namespace && s.connection.byNamespace[namespace]?.status === 'connected')
  const [outcome, setOutcome] = useState('')
  if (!connected || namespace !== 'eip155') return null
  const run = (label: string, request: () => Promise<unknown>) => () => {
    setOutcome(`${label}…`)
    request().then(
      (result) => setOutcome(`${label}: ${typeof result === 'string' ? result : JSON.stringify(result)}`),
      (error: unknown) => setOutcome(`${label} failed: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`),
    )
  }
  const receiver = config.accounts[1]?.address ?? ''
  return (
    <div className="demo-requests">
      <button type="button" data-testid="demo-sign-message" onClick={run('Sign message', () => modal.signMessage('Hello from the Gangway demo', { feedback: true }))}>
        Sign message
      </button>
      <button type="button" data-testid="demo-sign-typed-data" onClick={run('Sign typed data', () => modal.signTypedData(DEMO_TYPED_DATA, { feedback: true }))}>
        Sign typed data
      </button>
      <button
        type="button"
        data-testid="demo-send"
        onClick={run('Send', () => modal.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.001', receiver }, { feedback: true }))}
      >
        Send 0.001 ETH
      </button>
      {config.chains.map((c) => (
        <button
          key={c.chainId}
          type="button"
          data-testid={`demo-switch-${c.chainId}`}
          onClick={run(`Switch to ${c.chainId}`, () => modal.switchNetwork(`eip155:${c.chainId}`))}
        >
          Switch to {c.name}
        </button>
      ))}
      <p className="demo-status" data-testid="demo-request-outcome" aria-live="polite">
        {outcome}
      </p>
    </div>
  )
}

/**
 * With the `pay` feature on (`?pay=1`): the host asks the visitor to pay the stack's account 1 on
 * the first chain, in ETH or GUSD, through `modal.pay`; the modal has them connect or switch first
 * where needed. The outcome (the transaction, or the refusal in the spec's words) is printed here.
 */
function PayRequests({ config }: { config: StackConfig }) {
  const modal = useModal()
  const on = useModalState((s) => s.features.pay)
  const [outcome, setOutcome] = useState('')
  const chain = config.chains[0]
  const recipient = config.accounts[1]?.address
  const gusd = config.tokens.find((t) => t.chainId === chain?.chainId && t.symbol === 'GUSD')
  if (!on || !chain || !recipient) return null
  const network = `eip155:${chain.chainId}`
  const run = (label: string, payment: Parameters<Modal['pay']>[0]) => () => {
    setOutcome(`${label}…`)
    modal.pay(payment).then(
      (paid) => setOutcome(`${label}: ${paid.hash}`),
      (error: unknown) => setOutcome(`${label} failed: ${(error as { shortMessage?: string }).shortMessage ?? String(error)}`),
    )
  }
  return (
    <div className="demo-requests">
      <button type="button" data-testid="demo-pay-eth" onClick={run('Pay 0.01 ETH', { recipient, amount: '0.01', asset: 'native', network })}>
        Pay 0.01 ETH
      </button>
      {gusd ? (
        <button
          type="button"
          data-testid="demo-pay-gusd"
          onClick={run('Pay 1 GUSD', { recipient, amount: '1', asset: { address: gusd.address, symbol: gusd.symbol, decimals: gusd.decimals }, network })}
        >
          Pay 1 GUSD
        </button>
      ) : null}
      <p className="demo-status" data-testid="demo-pay-outcome" aria-live="polite">
        {outcome}
      </p>
    </div>
  )
}

/** An EIP-712 message for the demo's "Sign typed data" (big numbers as decimal strings). */
const DEMO_TYPED_DATA = {
  domain: { name: 'Gangway demo', version: '1' },
  types: { Greeting: [{ name: 'text', type: 'string' }, { name: 'count', type: 'uint256' }] },
  primaryType: 'Greeting',
  message: { text: 'Hello', count: '1' },
}

/** The demo's address with a switch (`?solana=1`, `?bitcoin=1`, `?email=1`, `?pay=1`) on or off, other parameters kept. */
function toggleHref(name: 'solana' | 'bitcoin' | 'email' | 'pay', on: boolean): string {
  const params = new URLSearchParams(location.search)
  if (on) params.set(name, '1')
  else params.delete(name)
  const query = params.toString()
  return query ? `?${query}` : location.pathname
}

/**
 * With `?solana=1`: the dev Solana wallet (registered the Wallet Standard way, before the modal
 * starts, as an extension would be) and the Solana adapter on the stack's validator. Loaded only
 * then, so the EVM-only demo is the same page as before.
 */
async function solanaSetup(config: StackConfig, autoApprove: boolean): Promise<{ network: Network; adapter: ChainAdapter }> {
  const [{ installDevSolanaWallet }, { createSolanaAdapter, solanaLocalnet }] = await Promise.all([
    import('../solana/installDevSolanaWallet'),
    import('../../src/solana'),
  ])
  await installDevSolanaWallet({ rpcUrl: config.solanaRpcUrl, caipNetworkId: config.solanaCaipNetworkId, accounts: config.solanaAccounts, autoApprove })
  const network = solanaLocalnet(config.solanaRpcUrl, { caipNetworkId: config.solanaCaipNetworkId, wsUrl: config.solanaWsUrl })
  return { network, adapter: createSolanaAdapter({ networks: [network] }) }
}

/**
 * With `?bitcoin=1`: the dev Bitcoin wallet (found both ways Bitcoin wallets are, the Wallet
 * Standard and `window.btc_providers`; `?bitcoinWallet=standard` or `=providers` for one way only),
 * installed before the modal starts as an extension would be, and the Bitcoin adapter on the
 * stack's regtest node, read through the gateway's Esplora routes and the node's own. Loaded only
 * then, so the EVM-only demo is the same page as before.
 */
async function bitcoinSetup(config: StackConfig, autoApprove: boolean, way: string | null): Promise<{ network: Network; adapter: ChainAdapter }> {
  const [{ installDevBitcoinWallet }, { createBitcoinAdapter, defineBitcoinNetwork }] = await Promise.all([
    import('../bitcoin/installDevBitcoinWallet'),
    import('../../src/bitcoin'),
  ])
  if (!config.bitcoin) throw new Error('?bitcoin=1 needs the stack’s Bitcoin node, and this stack runs none')
  const ways = way === 'standard' || way === 'providers' ? ([way] as const) : undefined
  installDevBitcoinWallet({ caipNetworkId: config.bitcoin.caipNetworkId, esploraUrl: config.bitcoin.esploraUrl, accounts: config.bitcoin.accounts, autoApprove, ...(ways ? { ways } : {}) })
  const network = defineBitcoinNetwork({ genesisHash: config.bitcoin.genesisHash, name: 'Bitcoin Regtest', rpcUrl: config.bitcoin.esploraUrl, kind: 'regtest' })
  return { network, adapter: createBitcoinAdapter({ networks: [network] }) }
}

async function main() {
  const config = await loadStackConfig()
  const params = new URLSearchParams(location.search)
  const autoApprove = params.get('autoApprove') === '1'
  // ?devWallets=0: a host page with no wallet of its own (gangway-kit-testing's e2e injects one).
  // ?assets=1: the dev wallets list their assets themselves (EIP-7811 wallet_getAssets), so the
  // modal's balances come from the wallet, priced by the gateway.
  const assetDiscovery = params.get('assets') === '1' ? { assetDiscovery: { tokens: config.tokens } } : {}
  // The stack's bundlers (when it runs them) let the dev wallets' delegated accounts take a paymaster.
  if (params.get('devWallets') !== '0') installDevWallets({ chains: config.chains, accounts: config.accounts, autoApprove, bundlers: config.bundlers, ...assetDiscovery })
  const networks: Network[] = config.chains.map((c) => defineEvmNetwork({ id: c.chainId, name: c.name, rpcUrl: c.rpcUrl, testnet: true }))
  const adapters: ChainAdapter[] = [createEvmAdapter()]
  const solana = params.get('solana') === '1'
  if (solana) {
    const setup = await solanaSetup(config, autoApprove)
    networks.push(setup.network)
    adapters.push(setup.adapter)
  }
  const bitcoin = params.get('bitcoin') === '1'
  if (bitcoin) {
    const setup = await bitcoinSetup(config, autoApprove, params.get('bitcoinWallet'))
    networks.push(setup.network)
    adapters.push(setup.adapter)
  }
  // The gateway serves both HTTP services of the local stack: blockchain data and wallet directory.
  const modal: Modal = createModal({
    projectId: config.projectId,
    networks,
    adapters,
    apiUrl: config.gatewayUrl,
    // Swaps, the on-ramp and name registration (Account's Swap, Buy and "Choose a name"), and
    // batched calls (EIP-5792: window.gangway.sendCalls and the others); with ?email=1, session
    // permissions too (ERC-7715: window.gangway.requestPermissions and the others, which the
    // embedded wallet's frame grants); with ?pay=1, Pay (window.gangway.pay and the page's Pay buttons).
    modules: [swaps(), onramp(), names(), batchedCalls(), ...(params.get('email') === '1' ? [smartSessions()] : []), ...(params.get('pay') === '1' ? [pay()] : [])],
    // ?storageTimeout=<ms>: how long the stored reads at start may take (storageReadTimeoutMs).
    ...(params.get('storageTimeout') ? { storageReadTimeoutMs: Number(params.get('storageTimeout')) } : {}),
    // ?locale=es|ja|ar|fr|de|pt|he|zh|ko|ru|tr|hi|auto: the modal's language (also switched at run time with the page's Language menu).
    ...(params.get('locale') ? { locale: params.get('locale')! } : {}),
    // Swaps on the local chains too (Uniswap V2 of the dev stack), besides the 12 default networks;
    // ?swapChains=31337 offers them on the listed local chains only.
    swapChains: [
      ...DEFAULT_SWAP_CHAINS,
      ...config.chains.filter((c) => !params.get('swapChains') || params.get('swapChains')!.split(',').includes(String(c.chainId))).map((c) => `eip155:${c.chainId}`),
    ],
    // WalletConnect through the local relay; ?wcPrefetch=0 loads the provider on first use instead.
    // ?siwx=1: sign-in with a wallet after connect; ?siwx=required: the modal stays until signed in;
    // ?siwx=hosted: the gateway keeps the sessions too (Account → Sessions lists and revokes them).
    ...(params.get('siwx')
      ? { siwx: siwx({ required: params.get('siwx') === 'required', hosted: params.get('siwx') === 'hosted', statement: 'Sign in to the Gangway demo.' }) }
      : {}),
    // ?legal=1: Connect links the terms and privacy policy; ?legal=checkbox: the visitor ticks a box first.
    // ?collapseWallets=1: Connect folds the wallets into one "Continue with a wallet" entry.
    ...(params.get('legal') ? { legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' } } : {}),
    features: { ...(params.get('legal') === 'checkbox' ? { legalCheckbox: true } : {}), ...(params.get('collapseWallets') === '1' ? { collapseWallets: true } : {}) },
    // Connect's layout: ?connectMethods=wallet,email (the order of its ways to connect),
    // ?excludeWalletRdns=… and ?excludeWalletNames=… (comma-separated); ?collapseWallets=1 is a feature above.
    ...(params.get('connectMethods') ? { connectMethodsOrder: params.get('connectMethods')!.split(',') as ConnectMethod[] } : {}),
    ...(params.get('excludeWalletRdns') ? { excludeWalletRdns: params.get('excludeWalletRdns')!.split(',') } : {}),
    ...(params.get('excludeWalletNames') ? { excludeWalletNames: params.get('excludeWalletNames')!.split(',') } : {}),
    // ?email=1: the embedded wallet (e-mail login) through the stack's auth service and frame;
    // ?frameUrl= another frame page, ?frameTimeout= ms the frame may take to load (default 20 s).
    ...(params.get('email') === '1'
      ? {
          embeddedWallet: embeddedWallet({
            frameUrl: params.get('frameUrl') ?? config.frameUrl,
            ...(params.get('frameTimeout') ? { loadTimeoutMs: Number(params.get('frameTimeout')) } : {}),
          }),
          // Account offers the switch to the embedded wallet's smart account where the stack runs a bundler.
          smartAccounts: { enabled: true },
        }
      : {}),
    walletConnect: walletConnect({
      relayUrl: config.relayUrl,
      metadata: { name: 'Gangway demo', description: 'The Gangway demo host app', url: location.origin, icons: [] },
      prefetch: params.get('wcPrefetch') !== '0',
    }),
  })
  ;(window as unknown as { gangway: Modal }).gangway = modal
  await modal.ready
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <ModalProvider modal={modal}>
        <App config={config} solana={solana} bitcoin={bitcoin} email={params.get('email') === '1'} payOn={params.get('pay') === '1'} devtools={params.get('devtools') !== '0'} />
      </ModalProvider>
    </StrictMode>,
  )
}

main().catch((error: unknown) => {
  document.body.textContent = `The demo could not start: ${error instanceof Error ? error.message : String(error)}`
})
