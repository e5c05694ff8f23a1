/** The three ways to connect the Connect view offers. */
export type ConnectMethod = 'email' | 'social' | 'wallet'

export interface ConnectMethodInput {
  /** An injected or announced wallet is available and not excluded. */
  hasInstalledWallet: boolean
  /** The host's own order, if it set one (features.connectMethodsOrder). */
  hostOrder?: readonly ConnectMethod[]
  emailEnabled: boolean
  socialsEnabled: boolean
}

/**
 * SPEC §2: email, social, wallet by default; wallet first when an installed wallet is there,
 * because a visitor with a wallet extension came to use it. A host's explicit order wins.
 * Methods whose feature is off are left out.
 */
export function orderConnectMethods(input: ConnectMethodInput): ConnectMethod[] {
  const order: readonly ConnectMethod[] =
    input.hostOrder ?? (input.hasInstalledWallet ? ['wallet', 'email', 'social'] : ['email', 'social', 'wallet'])
  return order.filter(
    (method, index) =>
      order.indexOf(method) === index &&
      (method === 'wallet' || (method === 'email' ? input.emailEnabled : input.socialsEnabled)),
  )
}
