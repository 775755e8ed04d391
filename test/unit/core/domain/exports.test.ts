import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const dir = fileURLToPath(new URL('../../../../src/core/domain/', import.meta.url))
const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()

describe('domain modules', () => {
  it('export these names (API changes show up in review)', async () => {
    const exports: Record<string, string[]> = {}
    for (const file of files) {
      const mod = (await import(`../../../../src/core/domain/${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>
      exports[file] = Object.keys(mod).sort()
    }
    expect(exports).toMatchInlineSnapshot(`
      {
        "activity.ts": [
          "filterTransactions",
          "groupActivity",
          "groupTransactions",
          "isSpamTransaction",
          "minedAtMs",
          "readTransactions",
        ],
        "address.ts": [
          "isAddressOf",
          "isEmail",
          "isEvmAddress",
          "isSameAddress",
          "isSignedMessage",
          "isSolanaAddress",
          "isTransactionHash",
        ],
        "caip.ts": [
          "evmChainIdOf",
          "formatCaipAddress",
          "formatCaipNetworkId",
          "holdsAccountOf",
          "isCaipAddress",
          "isCaipNetworkId",
          "parseCaipAddress",
          "parseCaipNetworkId",
        ],
        "calls.ts": [
          "CALLS_MAX",
          "CALLS_VERSION",
          "callsStatusKind",
          "isUnsupportedMethod",
          "readCalls",
          "readCallsStatus",
          "readCapabilities",
          "readSentCalls",
          "sendCallsParams",
        ],
        "connectionStatus.ts": [
          "STORED_CONNECTION_STATUSES",
          "assertConnectionStatus",
        ],
        "constants.ts": [
          "BALANCE_CACHE_MS",
          "BALANCE_DECIMALS",
          "BLOB_MAX_BYTES",
          "CALLS_POLL_MS",
          "CALLS_TRACK_MS",
          "DEFAULT_SOCIALS",
          "DEFAULT_WALLET_ACTIONS",
          "EMAIL_DISPLAY_MAX",
          "EMAIL_LOGIN_COOLDOWN_MS",
          "EMBEDDED_FRAME_LOAD_TIMEOUT_MS",
          "EMBEDDED_REQUEST_TIMEOUT_MS",
          "ENS_CACHE_MS",
          "ERROR_REPORTS_MAX",
          "ERROR_REPORTS_WINDOW_MS",
          "FEATURE_NAMESPACES",
          "FRAME_READY_DELAY_MS",
          "IDENTITY_CACHE_MS",
          "IMAGE_PRELOAD_TIMEOUT_MS",
          "LOCALE_AMOUNT_DECIMALS",
          "LOG_BUFFER_BYTES",
          "NAME_LOOKUP_DELAY_MS",
          "NOTIFICATION_REPLACE_DELAY_MS",
          "ONRAMP_DELIVERY_POLL_MS",
          "ONRAMP_DELIVERY_TIMEOUT_MS",
          "ONRAMP_QUOTE_DELAY_MS",
          "PAIRING_EXPIRY_MARGIN_MS",
          "PAIRING_EXPIRY_MS",
          "RECENT_WALLETS_MAX",
          "RECOMMENDED_WALLETS_COUNT",
          "REQUEST_BACKOFF_BASE_MS",
          "REQUEST_BACKOFF_MAX_MS",
          "REQUEST_RETRIES",
          "RETRY_MIN_INTERVAL_MS",
          "RPC_RETRIES",
          "RPC_RETRY_BASE_MS",
          "RPC_RETRY_STATUSES",
          "RPC_TIMEOUT_MS",
          "SHAKE_MS",
          "SIGN_OUT_WAIT_MS",
          "SIWX_SESSION_MS",
          "SOCIAL_POPUP_POLL_MS",
          "SWAP_QUOTE_DELAY_MS",
          "SWAP_QUOTE_REFRESH_MS",
          "SWAP_SLIPPAGE_TOLERANCE",
          "TOKEN_BALANCE_RETRY_BLOCK_MS",
          "WALLETS_PAGE_SIZE",
          "WALLET_SEARCH_DELAY_MS",
          "WALLET_SEARCH_ENTRIES",
          "isFeatureSupported",
        ],
        "email.ts": [
          "isValidEmail",
          "normalizeEmail",
        ],
        "entities.ts": [
          "CHAIN_NAMESPACES",
          "SOCIAL_PROVIDERS",
          "isChainNamespace",
        ],
        "format.ts": [
          "AmountPrecisionError",
          "ELLIPSIS",
          "formatBalance",
          "formatDollars",
          "formatLocaleAmount",
          "formatTokenUnits",
          "formatUsd",
          "multiplyDecimals",
          "parseTokenUnits",
          "relativeTime",
          "shortenEmail",
          "sumTokenValues",
          "truncateAddress",
        ],
        "frameProtocol.ts": [
          "FRAME_MESSAGE_PREFIX",
          "FRAME_PROTOCOL_VERSION",
          "FRAME_REQUEST_NAMES",
          "PROMPT_COLOUR_NAMES",
          "frameTheme",
          "frameType",
          "isHttpUrl",
          "parseFrameMessage",
        ],
        "names.ts": [
          "NAME_ZONE",
          "SLIP44_MSB",
          "chainIdToCoinType",
          "isResolvableName",
          "isValidName",
          "nameAddress",
          "registrationMessage",
        ],
        "onramp.ts": [
          "DEFAULT_PAYMENT_CURRENCIES",
          "DEFAULT_PAYMENT_CURRENCY",
          "DEFAULT_PAYMENT_CURRENCY_ID",
          "DEFAULT_PURCHASE_CURRENCY",
          "DEFAULT_PURCHASE_CURRENCY_ID",
          "ONRAMP_QUERY_PROVIDERS",
          "isWithinPaymentLimits",
          "onrampDestinationCurrency",
          "onrampProviderUrl",
          "parseOnrampProviders",
          "paymentMethodLimits",
        ],
        "origins.ts": [
          "DEFAULT_ALLOWED_ANCESTORS",
          "isOriginAllowed",
        ],
        "permissionTypes.ts": [
          "PERMISSION_TYPES",
        ],
        "rpcPolicy.ts": [
          "APPROVAL_RPC_METHODS",
          "SAFE_RPC_METHODS",
          "classifyRpcMethod",
        ],
        "sendAmount.ts": [
          "sendAmountError",
        ],
        "siwx.ts": [
          "SIWX_CHAIN_NAMES",
          "createSiwxMessage",
          "isSiwxMessageCurrent",
          "isWalletConnectSignInApplicable",
          "parseSiwxMessage",
          "serializeSiwxMessage",
          "siwxOptionsError",
        ],
        "siwxSessions.ts": [
          "revokeSessionMessage",
        ],
        "socials.ts": [
          "MINI_APP_BLOCKED_SOCIALS",
          "socialsForPlatform",
        ],
        "swap.ts": [
          "DEFAULT_SWAP_CHAINS",
          "NATIVE_SWAP_TOKEN",
          "SWAP_GAS_ESTIMATE",
          "isNativeSwapToken",
          "isSwapChainId",
          "minimumReceived",
          "sourceAmountFor",
        ],
        "themePalette.ts": [
          "THEME_COLOURS",
        ],
        "timing.ts": [
          "CACHE_TTL_MS",
          "REQUEST_RETRIES",
          "RPC_RETRIES",
          "RPC_RETRY_STATUSES",
          "canReportError",
          "canRetry",
          "emailCooldownError",
          "isFresh",
          "isPairingExpired",
          "isTokenBalanceRetryBlocked",
          "requestBackoffMs",
          "rpcRetryDelayMs",
          "shouldRetryRpc",
        ],
        "transactionRules.ts": [
          "SOLANA_COMMITMENTS",
          "VERSIONED_HASH_VERSION_KZG",
          "accessListError",
          "assertFeeRules",
          "blobDataError",
          "feeRuleError",
          "isSolanaCommitment",
          "sendCallsError",
          "sendFormError",
          "versionedHashesError",
        ],
        "walletLists.ts": [
          "DEFAULT_CONNECTOR_ORDER",
          "DEFAULT_CONNECT_METHOD_ORDER",
          "INSTALLED_WALLET_CONNECT_METHOD_ORDER",
          "RECENT_WALLETS_MAX",
          "addRecentWallet",
          "connectorGroupOf",
          "excludeWallets",
          "filterTokenBalances",
          "isBrowserWalletVisible",
          "orderConnectMethods",
          "orderConnectors",
        ],
      }
    `)
  })

  it('are pure: no clock, no randomness', () => {
    for (const file of files) {
      const source = readFileSync(`${dir}${file}`, 'utf8')
      expect(source, file).not.toMatch(/Date\.now\(|Math\.random\(|new Date\(\)|performance\.now\(|crypto\.getRandomValues/)
    }
  })
})
