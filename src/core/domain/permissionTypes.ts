/**
 * The session permission types (ERC-7715, MetaMask's advanced permissions) the modal asks for
 * and shows. On their own so the stored-state schema names them without bringing the
 * permissions feature's code.
 */
export const PERMISSION_TYPES = ['native-token-periodic', 'erc20-token-periodic', 'native-token-allowance', 'erc20-token-allowance'] as const

export type SessionPermissionType = (typeof PERMISSION_TYPES)[number]
