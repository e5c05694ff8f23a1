/**
 * The not-safe RPC methods (chains/auth/frameProtocol.ts) this secure site signs once the visitor
 * approved them in the frame; the others on that list (wallet permissions) are refused as not
 * supported. Shared by the frame page and the server, without either's dependencies.
 */
export const SIGNING_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
] as const
export type SigningMethod = (typeof SIGNING_METHODS)[number]

export const isSigningMethod = (method: string): method is SigningMethod => (SIGNING_METHODS as readonly string[]).includes(method)
