// The embedded wallet's side of the local stack: a mail sink (the inbox the codes and approval
// links land in), the social login provider, and the auth service that serves the frame page.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createMailer } from '../mail/mailer'
import { startMailSink } from '../mail/mailSink'
import { freePort } from '../stack/ports'
import { startOidcProvider } from '../oidc/startOidcProvider'
import { startFarcasterRelay } from '../farcaster/startFarcasterRelay'
import { farcasterRoutes } from './service/farcaster'
import { SOCIAL_PROVIDERS, socialRoutes } from './service/social'
import type { AuthDatabaseOptions } from './service/sqlStore'
import { startAuthService, type SmartAccountNetworkConfig } from './service/startAuthService'
import type { DevChain } from '../chain/startChains'
import { deployDelegationFramework } from './delegationFramework'

/** Where `npm run build:dev` puts the built frame page (served at `<auth service>/frame/`). */
export const BUILT_FRAME = fileURLToPath(new URL('../../dist/dev-frame', import.meta.url))

export type AuthStackPorts = { mail?: number; auth?: number; oidc?: number; farcaster?: number }

/**
 * Starts the mail sink, the OpenID Connect provider standing in for the social logins, the
 * Farcaster auth relay (with its dev client page) and the auth service (e-mail codes over SMTP,
 * social and Farcaster routes, the frame page) on 127.0.0.1.
 */
/** A chain whose users get a smart account, and the bundler (and paymaster) serving it. */
export type SmartAccountChain = { chain: DevChain; bundlerUrl: string; paymasterUrl?: string }

export async function startAuthStack(
  options: {
    ports?: AuthStackPorts
    log?: (line: string) => void
    /**
     * Chains whose users get a smart account, with the bundler (and paymaster) serving each; the
     * delegation framework is deployed on them. A promise lets the stack start before they are
     * up: the wallet service's answer about smart accounts waits for them.
     */
    smartAccounts?: SmartAccountChain[] | Promise<SmartAccountChain[]>
    /** Where the auth service keeps users, devices, sessions and codes (see `startAuthService`); its memory without it. */
    database?: AuthDatabaseOptions
  } = {},
) {
  const ports = options.ports ?? {}
  const stops: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const s of [...stops].reverse()) await Promise.resolve(s()).catch(() => undefined)
  }
  try {
    // The smart accounts' contracts deploy while the services start.
    const pending = options.smartAccounts instanceof Promise
    const smartAccountsReady = Promise.resolve(options.smartAccounts ?? []).then((chains) =>
      Promise.all(
        chains.map(async ({ chain, bundlerUrl, paymasterUrl }): Promise<SmartAccountNetworkConfig> => ({
          chainId: chain.chainId,
          bundlerUrl,
          ...(paymasterUrl ? { paymasterUrl } : {}),
          environment: await deployDelegationFramework(chain),
        })),
      ),
    )
    smartAccountsReady.catch(() => undefined)
    const mail = await startMailSink({ httpPort: ports.mail ?? 0 })
    stops.push(() => mail.stop())
    const mailer = createMailer({ port: mail.smtpPort })
    stops.push(() => mailer.close())
    // The provider sends visitors back to the auth service: its address is fixed first.
    const authPort = ports.auth || (await freePort())
    const authUrl = `http://127.0.0.1:${authPort}`
    const oidc = await startOidcProvider({
      port: ports.oidc ?? 0,
      clients: SOCIAL_PROVIDERS.map((provider) => ({ provider, redirectUri: `${authUrl}/v1/social/callback` })),
    })
    stops.push(() => oidc.stop())
    const farcaster = await startFarcasterRelay({ port: ports.farcaster ?? 0 })
    stops.push(() => farcaster.stop())
    const social = socialRoutes({ issuer: oidc.issuer, clients: Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, oidc.clientFor(p)])) })
    // Given as they are, they are part of the start; given as a promise, the service answers once they are up.
    const smartAccounts = pending ? smartAccountsReady : await smartAccountsReady
    const auth = await startAuthService({
      port: authPort,
      mailer,
      ...(existsSync(BUILT_FRAME) ? { frameDir: BUILT_FRAME } : {}),
      routes: [social, farcasterRoutes({ relayUrl: farcaster.url, users: farcaster.users })],
      smartAccounts,
      ...(options.database ? { database: options.database } : {}),
      ...(options.log ? { log: options.log } : {}),
    })
    stops.push(() => auth.stop())
    return { mail, oidc, farcaster, auth, urls: { auth: auth.url, frame: `${auth.url}/frame/`, mail: mail.url, oidc: oidc.issuer, farcaster: farcaster.url }, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
