import { action, makeObservable, observable, observableRef } from 'mobx'
import { walletLinkBase } from './createWalletLink.js'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_TTL_MS } from './pairingTimes.js'

export type PairingStatus = 'idle' | 'pairing' | 'approved' | 'expired'

/**
 * The wallet app a visitor opened by its link to pair (SPEC §3 'deeplink choice'): its name and
 * base link (`metamask://`, `https://wallet.example/`), checked when chosen or read back.
 */
export interface WalletLinkChoice {
  name: string
  href: string
}

/**
 * The WalletConnect pairing the modal shows: the URI for the QR code and deep links, and
 * when it expires.
 */
export class WalletConnectStore {
  uri: string | undefined = undefined
  expiresAt: number | undefined = undefined
  status: PairingStatus = 'idle'
  /** The wallet app the connected session was paired with by link: its requests reopen it. */
  linkChoice: WalletLinkChoice | undefined = undefined
  /** The link opened for the pairing under way, kept once it is approved. */
  private pendingLinkChoice: WalletLinkChoice | undefined = undefined

  constructor(private readonly now: () => number = Date.now) {
    makeObservable(this, { uri: observable, expiresAt: observable, status: observable, linkChoice: observableRef, setUri: action, setStatus: action, clear: action, restoreLinkChoice: action })
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
    // AppKit keeps the choice only for a connection that succeeded.
    if (status === 'approved' && this.pendingLinkChoice) this.linkChoice = this.pendingLinkChoice
    if (status !== 'pairing') this.pendingLinkChoice = undefined
  }

  /**
   * The visitor opens a wallet app by its link to pair. A link that is not http(s) or one of
   * `registeredSchemes` is not kept.
   *
   * @returns whether the choice was kept
   */
  chooseLink(choice: WalletLinkChoice, registeredSchemes: readonly string[] = []): boolean {
    const checked = checkedChoice(choice, registeredSchemes)
    this.pendingLinkChoice = checked
    return checked !== undefined
  }

  /** Puts back a choice read from storage for a restored session; an unsafe one is dropped. @returns whether it was kept */
  restoreLinkChoice(choice: WalletLinkChoice, registeredSchemes: readonly string[] = []): boolean {
    this.linkChoice = checkedChoice(choice, registeredSchemes)
    return this.linkChoice !== undefined
  }

  /** The session ended: nothing is paired, and no wallet app is reopened. */
  clear(): void {
    this.uri = undefined
    this.expiresAt = undefined
    this.status = 'idle'
    this.linkChoice = undefined
    this.pendingLinkChoice = undefined
  }
}

function checkedChoice(choice: WalletLinkChoice, registeredSchemes: readonly string[]): WalletLinkChoice | undefined {
  try {
    return { name: choice.name, href: walletLinkBase(choice.href, registeredSchemes) }
  } catch {
    return undefined
  }
}
