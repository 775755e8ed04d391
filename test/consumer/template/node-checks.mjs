// Plain Node ESM: every entry of the installed package loads, with no bundler and no NODE_ENV.
// Prints a JSON report; the smoke test asserts on it. Run with `--conditions=development`
// to get the devtools panel instead of the no-op.
const entries = ['gangway-kit', 'gangway-kit/react', 'gangway-kit/devtools', 'gangway-kit/devtools/components', 'gangway-kit/evm', 'gangway-kit/features', 'gangway-kit/walletconnect', 'gangway-kit/walletconnect/adapter', 'gangway-kit/solana', 'gangway-kit/bitcoin']
const report = { node: process.versions.node, entries: {}, reactLoadedByCore: null }
for (const entry of entries) {
  try {
    report.entries[entry] = Object.keys(await import(entry)).sort()
  } catch (error) {
    report.entries[entry] = { error: String(error?.stack ?? error) }
  }
}
const devtools = await import('gangway-kit/devtools')
report.devtoolsPanel = devtools.GangwayDevtools.name
process.stdout.write(JSON.stringify(report))
