/** The EIP-1193 provider shape the eip155 connectors accept (https://eips.ethereum.org/EIPS/eip-1193). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** EIP-6963 wallet info (https://eips.ethereum.org/EIPS/eip-6963). */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}
