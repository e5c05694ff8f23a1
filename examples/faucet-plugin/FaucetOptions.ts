/** Options of the faucet plugin. */
export interface FaucetOptions {
  /**
   * The faucet service. The plugin POSTs `{ "address": "0x…", "caipNetworkId": "eip155:31337" }`
   * as JSON; any 2xx answer means the funds were sent.
   */
  url: string
  /** What one request gives, as the button says it. Default '1 ETH'. */
  amount?: string
  /** The service's `fetch`; defaults to the platform's. */
  fetch?: typeof fetch
}
