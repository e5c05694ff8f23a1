import type { ConnectMethod } from './slotTypes.js'

/**
 * SPEC §2's own methods, in their default order, with the embedded wallet's passkey login
 * ('passkey', issue 26) beside email and social as peers place it.
 */
const SPEC_METHODS = ['email', 'social', 'passkey', 'wallet']
const WALLET_FIRST = ['wallet', 'email', 'social', 'passkey']

export interface ConnectMethodOrderInput {
  /** An injected or announced wallet is available and not excluded. */
  hasInstalledWallet: boolean
  /** The host's own order (`features.connectMethodsOrder`), if it set one. */
  hostOrder?: readonly string[]
}

/**
 * SPEC §2: email, social, wallet by default; wallet first when an installed wallet is there,
 * because a visitor with a wallet extension came to use it. A host's explicit order wins.
 * Methods outside that order (third parties') follow, by their `order`.
 */
export function orderConnectMethods(methods: readonly ConnectMethod[], input: ConnectMethodOrderInput): ConnectMethod[] {
  const order = input.hostOrder ?? (input.hasInstalledWallet ? WALLET_FIRST : SPEC_METHODS)
  const rank = (method: ConnectMethod) => {
    const index = order.indexOf(method.id)
    return index >= 0 ? index : order.length
  }
  // A stable sort keeps the slot's own order among methods of one rank.
  return [...methods].sort((a, b) => rank(a) - rank(b))
}
