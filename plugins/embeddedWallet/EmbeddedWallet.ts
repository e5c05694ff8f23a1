import { action, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { AuthFrameProvider, type AuthFrameHooks } from '../../chains/auth/AuthFrameProvider.js'
import { FrameChannel, type FrameChannelOptions } from '../../chains/auth/FrameChannel.js'
import type { AccountTypeName, AppRequestMap } from '../../chains/auth/frameProtocol.js'

export interface EmbeddedWalletDeps {
  frame: Omit<FrameChannelOptions, 'onSessionUpdate'>
  hooks: AuthFrameHooks
  /** SPEC §4's default account type on eip155 (smartAccount) unless the host chose another. */
  preferredAccountType: AccountTypeName
  /** What the frame shows about the page asking (its approval card). */
  dappData(): AppRequestMap['SYNC_DAPP_DATA']
  theme(): AppRequestMap['SYNC_THEME']
}

/**
 * The embedded wallet of one kit: the secure site's frame and the provider over it, created on
 * first use (the email or social section shown, or a saved session restored), so a visitor who
 * never uses them never loads the frame.
 */
export class EmbeddedWallet {
  /** A request waits for the visitor's approval in the frame (ApproveTransaction shows it). */
  approvalPending = false
  private current: { channel: FrameChannel; provider: AuthFrameProvider } | undefined

  constructor(private readonly deps: EmbeddedWalletDeps) {
    makeObservable<EmbeddedWallet, 'current'>(this, { approvalPending: observable, current: observableRef, setApprovalPending: action })
  }

  /** The provider, creating the frame the first time. */
  get provider(): AuthFrameProvider {
    return this.ensure().provider
  }

  /** The frame's channel once created (observable: the ApproveTransaction view and tools follow it). */
  /** The secure site's origin: the only one whose messages (frame, social popup) the kit trusts. */
  get secureSiteOrigin(): string {
    return new URL(this.deps.frame.secureSiteUrl).origin
  }

  get channel(): FrameChannel | undefined {
    return this.current?.channel
  }

  setApprovalPending(pending: boolean): void {
    this.approvalPending = pending
  }

  /** The secure code field for this wallet's frame (creating it), with the modal's theme mode and accent. */
  codeFieldUrl(): string {
    const { themeMode, themeVariables } = this.deps.theme()
    const accent = themeVariables?.['--latch-accent']
    return this.ensure().channel.codeFieldUrl({ themeMode, ...(typeof accent === 'string' ? { accent } : {}) })
  }

  /** Sends the theme again (the host switched it). Settings wait for the frame without a deadline. */
  syncTheme(): void {
    if (this.current) void this.current.channel.request('SYNC_THEME', this.deps.theme()).catch(() => {})
  }

  /**
   * Tells a loaded frame the kit's language changed (a frame created later reads it from its URL).
   * It waits for the frame without a deadline, like the theme.
   */
  syncLocale(locale: string): void {
    if (this.current) void this.current.channel.request('SYNC_LOCALE', { locale }).catch(() => {})
  }

  dispose(): void {
    this.current?.channel.dispose()
    runInAction(() => (this.current = undefined))
  }

  private ensure() {
    if (this.current) return this.current
    const channel = new FrameChannel(this.deps.frame)
    const provider = new AuthFrameProvider(channel, this.deps.hooks, {
      chainId: typeof this.deps.frame.chainId === 'number' ? this.deps.frame.chainId : undefined,
      preferredAccountType: this.deps.preferredAccountType,
    })
    const created = { channel, provider }
    runInAction(() => (this.current = created))
    void channel.request('SYNC_DAPP_DATA', this.deps.dappData()).catch(() => {})
    void channel.request('SYNC_THEME', this.deps.theme()).catch(() => {})
    return created
  }
}
