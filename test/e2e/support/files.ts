// Which e2e files may run beside others (vitest.e2e.config.ts and the global setup read this).

/**
 * Files that change what the whole stack answers, through the gateway's `/_control` switches
 * (faults, delays, prices, remote features, identities, and `reset`, which also drops every
 * sign-in session): any other file running then would see them. They run one at a time, with
 * no other file running, before the files that run side by side.
 */
export const ALONE_FILES = ['account.e2e.test.ts', 'data.e2e.test.ts', 'layout.e2e.test.ts']

/**
 * Files that use the stack's own dev accounts, for what only those hold (the ERC-721 tokens
 * minted to them, account 0's history): the files that run alone, and the two axe-core files
 * of the main views (their NFTs tab), which may run beside each other as they only read what
 * those accounts hold (no transaction, name or sign-in). Every other file gets accounts of its
 * own (support/fileAccounts.ts).
 */
export const STACK_ACCOUNT_FILES = [...ALONE_FILES, 'a11y.e2e.test.ts', 'a11yPhone.e2e.test.ts']

/**
 * The longest files, longest first: they start first, so that no long file is left running
 * alone at the end (a fresh clone has no timings from an earlier run to go by; after one,
 * vitest's own order is the same).
 */
export const LONGEST_FILES = [
  'reload.e2e.test.ts',
  'a11y.e2e.test.ts',
  'a11yPhone.e2e.test.ts',
  'walletconnect.e2e.test.ts',
  'emailLogin.e2e.test.ts',
  'evm.e2e.test.ts',
  'shell.e2e.test.ts',
  'a11yOtherViews.e2e.test.ts',
  'keyboard.e2e.test.ts',
]
