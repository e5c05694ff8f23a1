import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { devFetch, type DevBackend } from './devRoute.js'

/** What a `farcaster://connect` URL carries. */
export function parseConnectUrl(url: string) {
  const parsed = new URL(url)
  if (parsed.protocol !== 'farcaster:') throw new Error(`not a farcaster URL: ${url}`)
  const get = (name: string) => parsed.searchParams.get(name) ?? ''
  return { channelToken: get('channelToken'), nonce: get('nonce'), siweUri: get('siweUri'), domain: get('domain') }
}

type SiwfOverrides = { nonce?: string; domain?: string; fid?: number; expirationTime?: Date }

/** The Sign-In-With-Farcaster message a Farcaster client signs for a connect URL, by `custody` for `fid`. */
export function siwfMessage(url: string, custody: Hex, fid: number, overrides: SiwfOverrides = {}): string {
  const { nonce, siweUri, domain } = parseConnectUrl(url)
  return createSiweMessage({
    domain: overrides.domain ?? domain,
    address: custody,
    statement: 'Farcaster Auth',
    uri: siweUri,
    version: '1',
    chainId: 10,
    nonce: overrides.nonce ?? nonce,
    issuedAt: new Date(),
    expirationTime: overrides.expirationTime,
    resources: [`farcaster://fid/${overrides.fid ?? fid}`],
  })
}

let nextFid = 100_000 + Math.floor(Math.random() * 100_000)

/**
 * A Farcaster client as the visitor's phone would run it, over the local relay's HTTP API: a
 * custody key (viem), a fid registered in the relay's ID-registry stand-in, and `approve`, which
 * builds the Sign-In-With-Farcaster message from a connect URL, signs it and posts it.
 */
export class FarcasterTestClient {
  readonly custody: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey())
  readonly relayUrl: string

  /**
   * @param backend - the dev-mode backend whose relay and registry stand-in this client uses
   * @param fid - a new one by default; another's, for a client that claims a fid it does not hold
   */
  constructor(
    readonly backend: DevBackend,
    readonly username: string,
    readonly fid = nextFid++,
  ) {
    this.relayUrl = backend.url
  }

  async register(): Promise<void> {
    const response = await devFetch(this.backend, '/dev/farcaster/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fid: this.fid, custody: this.custody.address, username: this.username }),
    })
    if (response.status !== 200) throw new Error(`register failed: ${response.status} ${await response.text()}`)
  }

  /** The SIWF message for a connect URL; `overrides` lets a test make it wrong. */
  message(url: string, overrides: SiwfOverrides = {}): string {
    return siwfMessage(url, this.custody.address, this.fid, overrides)
  }

  /** Posts an approval to the relay: status and parsed body. */
  async authenticate(url: string, init: { message?: string; signature?: Hex; signer?: PrivateKeyAccount } = {}) {
    const message = init.message ?? this.message(url)
    const signature = init.signature ?? (await (init.signer ?? this.custody).signMessage({ message }))
    const response = await fetch(`${this.relayUrl}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${parseConnectUrl(url).channelToken}` },
      body: JSON.stringify({ message, signature, fid: this.fid, username: this.username, displayName: this.username, pfpUrl: 'https://example.com/pfp.png' }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
}
