import { computed, makeObservable, reaction } from 'mobx'
import { PairingExpiredError } from '../../../chains/errors/chain.js'
import { WALLET_CONNECT_ID } from '../../../chains/walletconnect/walletConnectId.js'
import type { WalletConnectStore } from '../../../chains/walletconnect/WalletConnectStore.js'
import { walletLinks, type WalletListingLinks } from '../../../chains/walletconnect/walletLinks.js'
import type { ConnectFlowStore } from './ConnectFlowStore.js'
import type { StoreText } from '../../../ui-shell/i18n/I18nStore.js'

export interface WalletConnectPairingDeps {
  flow: ConnectFlowStore
  /** The WalletConnect connector's pairing store, when that connector is registered. */
  pairing(): WalletConnectStore | undefined
  /** `navigator.clipboard.writeText`, injected so the store runs in Node. */
  writeText(text: string): Promise<void>
  /** Shows a snackbar message. */
  notify(message: StoreText, variant: 'success' | 'error'): void
  /** Custom wallet-link schemes the host registered besides http(s). */
  registeredSchemes?: readonly string[]
}

/**
 * What the QR views show: the `wc:` URI once the connector produced it, the links that open
 * a catalogue wallet with it, and copying it. A pairing that expires (4 min, under 10 s
 * left: SPEC §4) fails the attempt with 'Pairing expired'; `watchExpiry` starts a fresh one.
 * Reuse on Telegram and iOS Safari is the connector's own rule (shouldReusePairing).
 */
export class WalletConnectPairingStore {
  constructor(private readonly deps: WalletConnectPairingDeps) {
    makeObservable(this, { uri: computed, isWaitingForUri: computed })
  }

  /** The pairing URI of the attempt under way, or undefined until the relay gives one. */
  get uri(): string | undefined {
    const pairing = this.deps.pairing()
    return pairing?.status === 'pairing' ? pairing.uri : undefined
  }

  /** Connecting, but no URI yet. */
  get isWaitingForUri(): boolean {
    return this.uri === undefined && this.deps.flow.status === 'connecting'
  }

  /** The http(s) or registered-scheme links that open a wallet with the URI; none without one. */
  links(wallet: WalletListingLinks): { mobile?: string; desktop?: string; web?: string } {
    const uri = this.uri
    return uri ? walletLinks(wallet, uri, this.deps.registeredSchemes) : {}
  }

  /**
   * The visitor opens the wallet by one of its links: once the pairing is approved, that wallet
   * app is reopened for each request (SPEC §3 'deeplink choice'), across reloads until disconnect.
   */
  chooseLink(wallet: WalletListingLinks & { name: string }, kind: 'mobile' | 'desktop' | 'web'): void {
    const href = { mobile: wallet.mobile_link, desktop: wallet.desktop_link, web: wallet.webapp_link }[kind]
    if (href) this.deps.pairing()?.chooseLink({ name: wallet.name, href }, this.deps.registeredSchemes)
  }

  /** Starts a WalletConnect attempt unless one is under way or done. */
  ensureStarted(): void {
    const { flow } = this.deps
    if (flow.connectorId === WALLET_CONNECT_ID && (flow.status === 'connecting' || flow.status === 'connected')) return
    void flow.start(WALLET_CONNECT_ID)
  }

  /** Puts the exact `wc:` URI on the clipboard and says so. */
  async copyLink(): Promise<void> {
    const uri = this.uri
    if (!uri) return
    try {
      await this.deps.writeText(uri)
      this.deps.notify('walletConnect.copied', 'success')
    } catch {
      this.deps.notify('walletConnect.copyFailed', 'error')
    }
  }

  /** While it runs, an expired pairing is replaced by a fresh attempt. Returns its disposer. */
  watchExpiry(): () => void {
    const { flow } = this.deps
    return reaction(
      () => flow.status === 'failed' && flow.connectorId === WALLET_CONNECT_ID && hasCode(flow.error, PairingExpiredError.code),
      (expired) => {
        if (expired) void flow.retry()
      },
    )
  }
}

/** Whether an error or one of its causes carries a code: adapters may wrap the connector's error. */
function hasCode(error: unknown, code: string): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === code) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
