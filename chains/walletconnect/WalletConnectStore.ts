import { action, makeObservable, observable } from 'mobx'

/** SPEC §4, §9: a pairing lasts 4 minutes and counts as expired with under 10 s left. */
export const PAIRING_TTL_MS = 4 * 60_000
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

export type PairingStatus = 'idle' | 'pairing' | 'approved' | 'expired'

/**
 * The WalletConnect pairing the modal shows: the URI for the QR code and deep links, and
 * when it expires.
 */
export class WalletConnectStore {
  uri: string | undefined = undefined
  expiresAt: number | undefined = undefined
  status: PairingStatus = 'idle'

  constructor(private readonly now: () => number = Date.now) {
    makeObservable(this, { uri: observable, expiresAt: observable, status: observable, setUri: action, setStatus: action, clear: action })
  }

  /** The pairing topic inside the URI (`wc:<topic>@2?…`). */
  get pairingTopic(): string | undefined {
    return this.uri?.match(/^wc:([0-9a-f]{64})@2/)?.[1]
  }

  /** Expired, or about to: under 10 s left. */
  isPairingExpired(now = this.now()): boolean {
    return this.expiresAt === undefined || this.expiresAt - now < PAIRING_EXPIRY_MARGIN_MS
  }

  setUri(uri: string): void {
    this.uri = uri
    this.expiresAt = this.now() + PAIRING_TTL_MS
    this.status = 'pairing'
  }

  setStatus(status: PairingStatus): void {
    this.status = status
  }

  clear(): void {
    this.uri = undefined
    this.expiresAt = undefined
    this.status = 'idle'
  }
}
