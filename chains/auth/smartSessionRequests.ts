/**
 * Smart sessions (SPEC §1, §5) as the kit sees requests: a grant, a revocation naming a permission
 * context (EIP-2255's `[{ eth_accounts }]` revocation is not one), or a `wallet_sendCalls` that
 * names the context it runs under (ERC-7715 `capabilities.permissions.context`).
 */
export function isSmartSessionRequest(method: string, params: unknown): boolean {
  if (method === 'wallet_grantPermissions') return true
  if (method === 'wallet_revokePermissions') return contextOf(params, (request) => request.context) !== undefined
  return usesSessionPermission(method, params)
}

/** A `wallet_sendCalls` under a granted session: the frame signs it with the session key, no card shows. */
export function usesSessionPermission(method: string, params: unknown): boolean {
  return method === 'wallet_sendCalls' && contextOf(params, (request) => (request.capabilities as { permissions?: { context?: unknown } } | undefined)?.permissions?.context) !== undefined
}

function contextOf(params: unknown, pick: (request: Record<string, unknown>) => unknown): string | undefined {
  const request = Array.isArray(params) ? params[0] : undefined
  if (typeof request !== 'object' || request === null) return undefined
  const context = pick(request as Record<string, unknown>)
  return typeof context === 'string' ? context : undefined
}
