// The `gangway-kit/wagmi` entry: a wagmi connector on a Gangway modal's connection, and the host's
// viem chains as Gangway networks, so wagmi's hooks and the modal share one wallet and one chain
// list. Needs `wagmi` or `@wagmi/core` (optional peers) beside viem.
export { gangwayConnector } from './adapters/wagmi/gangwayConnector.js'
export type { GangwayConnectorOptions, GangwayModal } from './adapters/wagmi/gangwayConnector.js'
export { networksFromChains } from './adapters/wagmi/networksFromChains.js'
