/**
 * The address an EVM signing request names as its signer or payer (`personal_sign`'s second
 * param, `eth_signTypedData_v4`'s first, a transaction's or batch's `from`), or undefined when it
 * names none and the server uses the user's account on that chain. The server refuses any
 * address that is not the user's, so the named one is the one that signs.
 *
 * @param method - the signing method
 * @param params - its params, as the app sent them
 * @returns the named address, unchecked, or undefined
 *
 * @example
 * namedAccount('personal_sign', ['0x6869', '0xAbc…']) // '0xAbc…'
 */
export function namedAccount(method: string, params: unknown): string | undefined {
  const list = Array.isArray(params) ? params : []
  const named = (() => {
    switch (method) {
      case 'personal_sign':
        return list[1]
      case 'eth_signTypedData_v4':
        return list[0]
      case 'eth_sendTransaction':
      case 'wallet_sendCalls':
        return (list[0] as { from?: unknown } | undefined)?.from
      default:
        return undefined
    }
  })()
  return typeof named === 'string' ? named : undefined
}
