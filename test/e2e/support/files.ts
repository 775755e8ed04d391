// Which e2e files may run beside others (vitest.e2e.config.ts and the global setup read this).

/**
 * Files that change what the gateway answers through its `/_control` switches (faults, delays,
 * prices, remote features, identities, and `reset`, which also drops every sign-in session): each
 * gets a gateway of its own over the same chains and validator (the global setup starts it), so
 * no other file sees its switches, and runs beside the others.
 */
export const GATEWAY_SWITCH_FILES = ['account.e2e.test.ts', 'data.e2e.test.ts', 'layout.e2e.test.ts']

/**
 * Files that use the stack's own dev accounts, for what only those hold (the ERC-721 tokens
 * minted to them, account 0's history): account.e2e.test.ts, the one of them that sends, and
 * the two axe-core files of the main views (their NFTs tab), which only read what those
 * accounts hold (no transaction, name or sign-in). Every other file gets accounts of its own
 * (support/fileAccounts.ts).
 */
export const STACK_ACCOUNT_FILES = ['account.e2e.test.ts', 'a11y.e2e.test.ts', 'a11yPhone.e2e.test.ts']

/**
 * The longest files, longest first: they start first, so that no long file is left running
 * alone at the end (a fresh clone has no timings from an earlier run to go by; after one,
 * vitest's own order is the same).
 */
export const LONGEST_FILES = [
  'walletconnect.e2e.test.ts',
  'emailLogin.e2e.test.ts',
  'reload.e2e.test.ts',
  'shell.e2e.test.ts',
  'evm.e2e.test.ts',
  'layout.e2e.test.ts',
  // These wait for the stack's bundler, which comes up in the background (on a fresh clone its
  // packages install first): started with the first files, one waited out its time on it.
  'smartAccount.e2e.test.ts',
  'sessionPermissions.e2e.test.ts',
  'siwx.e2e.test.ts',
  'data.e2e.test.ts',
  'keyboard.e2e.test.ts',
  'account.e2e.test.ts',
  // Short files of a few tests each follow; this one is a single test as long as the files
  // above: started last among them, it ran alone at the end of the run for 40 s.
  'a11yOtherViews.e2e.test.ts',
]
