import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { toKitError, type KitError } from '../../kernel/index.js'
import type { ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { UnsupportedChainError } from '../../chains/errors/chain.js'
import { NameResolutionError, SendAmountAndReceiverRequiredError, SendTokenRequiredError } from './errors/send.js'
import { toUnits } from './format/toUnits.js'
import { formatFiat } from './format/formatFiat.js'
import type { ReceiverProfile, ReceiverProfileStore } from './ReceiverProfileStore.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** SPEC §4: set token, amount, receiver; then sending; then success. */
export type SendStatus = 'idle' | 'sending'

export interface SendStoreDeps {
  connection: ConnectionStore
  /** Resolves a name to an address (SPEC §7 profile route); undefined when not registered. */
  resolveName(name: string): Promise<string | undefined>
  /** Re-reads the balances after a send (SPEC §4: success refreshes balances). */
  refreshBalances(): Promise<void>
  snackbar: { showLoading(message: StoreText): void; showSuccess(message: StoreText): void; showError(message: StoreText): void }
  /** Called once a send succeeded: the shell shows Account (SPEC §4). */
  onSent(hash: string): void
  /** The account's balances on the active network, for the network balance in USD. */
  balances?(): readonly TokenBalance[]
  /** Looks up the receiver's name and avatar as the visitor types. */
  receiverProfiles?: ReceiverProfileStore
}

/**
 * A token's key in the picker: its CAIP-10 contract, or `native:<symbol>` for the native coin.
 *
 * @example tokenKey({ symbol: 'ETH', ... }) // 'native:ETH'
 */
export function tokenKey(token: Pick<TokenBalance, 'address' | 'symbol'>): string {
  return token.address ?? `native:${token.symbol}`
}

/** Namespaces the kit sends on (SPEC §5). */
const SEND_NAMESPACES = new Set(['eip155', 'solana'])

/** A form that passed every SPEC §5 rule: what the wallet is asked to send. */
interface SendRequest {
  token: TokenBalance
  namespace: ChainNamespace
  /** The amount in the token's base units. */
  amount: bigint
}

/**
 * The Send view's state (SPEC §3 send state): the token, the amount typed, the receiver
 * (an address or a name), and the send itself with its snackbar messages.
 */
export class SendStore {
  token: TokenBalance | undefined = undefined
  amount = ''
  receiver = ''
  status: SendStatus = 'idle'
  /** The last send's hash, for the success message. */
  lastHash: string | undefined = undefined

  constructor(private readonly deps: SendStoreDeps) {
    makeObservable(this, {
      token: observableRef,
      amount: observable,
      receiver: observable,
      status: observable,
      lastHash: observable,
      amountFiat: computed,
      networkBalanceUsd: computed,
      receiverProfile: computed,
      isSending: computed,
      formError: computed,
      validationError: computed,
      setToken: action,
      selectToken: action,
      setAmount: action,
      setReceiver: action,
      setMaxAmount: action,
      reset: action,
    })
  }

  get isSending(): boolean {
    return this.status === 'sending'
  }

  /**
   * The first SPEC §5 rule the form breaks, as its error; undefined when the form can be
   * sent. The amount must be positive and fit the token's decimals.
   */
  get formError(): KitError | undefined {
    try {
      this.checkForm()
      return undefined
    } catch (error) {
      return toKitError(error)
    }
  }

  /** The first broken rule as its user-facing sentence (the form's hint). */
  get validationError(): string | undefined {
    return this.formError?.shortMessage
  }

  /** The typed amount in USD at the token's price, 2 decimals. */
  get amountFiat(): string | undefined {
    if (!this.token || this.amount.trim() === '') return undefined
    return formatFiat(this.amount.trim(), this.token.price)
  }

  /**
   * The native coin's balance in USD (SPEC §3 send state): what the visitor has left for the
   * network fee, whichever token they send.
   */
  get networkBalanceUsd(): string | undefined {
    const native = this.deps.balances?.().find((token) => token.address === undefined)
    return native ? formatFiat(native.quantity.numeric, native.price) : undefined
  }

  /** The receiver's profile name and avatar, once found for exactly what is typed. */
  get receiverProfile(): ReceiverProfile | undefined {
    return this.deps.receiverProfiles?.profileFor(this.receiver)
  }

  setToken(token: TokenBalance | undefined): void {
    this.token = token
  }

  /** Picks a token by its picker key among the account's tokens; an unknown key clears the choice. */
  selectToken(key: string, tokens: readonly TokenBalance[]): void {
    this.token = tokens.find((token) => tokenKey(token) === key)
  }

  setAmount(amount: string): void {
    this.amount = amount
  }

  setReceiver(receiver: string): void {
    this.receiver = receiver
    this.deps.receiverProfiles?.lookup(this.deps.connection.activeNamespace, receiver)
  }

  /** Fills the whole balance of the chosen token. */
  setMaxAmount(): void {
    if (this.token) this.amount = this.token.quantity.numeric
  }

  reset(): void {
    this.token = undefined
    this.amount = ''
    this.receiver = ''
    this.status = 'idle'
    this.deps.receiverProfiles?.lookup(undefined, '')
  }

  /**
   * Sends: checks the form (SPEC §5), resolves a receiver name, asks the wallet, then
   * refreshes the balances, resets and hands over to Account. Every failure ends as an error
   * snackbar with the catalogue sentence ('Signature declined' when the wallet refuses).
   *
   * @returns the transaction hash, or undefined when nothing was sent
   */
  async send(): Promise<string | undefined> {
    if (this.isSending) return undefined
    let request: SendRequest
    try {
      request = this.checkForm()
    } catch (error) {
      this.deps.snackbar.showError(toKitError(error))
      return undefined
    }
    const { token, namespace, amount } = request
    runInAction(() => (this.status = 'sending'))
    this.deps.snackbar.showLoading('send.snackbar.sending')
    try {
      const to = await this.resolveReceiver(namespace, this.receiver.trim())
      // A token's CAIP-10 address ends with the contract; the native coin has none.
      const contract = token.address?.split(':').at(-1)
      const hash = await this.deps.connection.sendTransaction({
        to,
        amount,
        token: contract ? { address: contract, decimals: Number(token.quantity.decimals) } : undefined,
      })
      runInAction(() => (this.lastHash = hash))
      this.deps.snackbar.showSuccess('send.snackbar.sent')
      await this.deps.refreshBalances().catch(() => {})
      this.reset()
      this.deps.onSent(hash)
      return hash
    } catch (error) {
      runInAction(() => (this.status = 'idle'))
      this.deps.snackbar.showError(toKitError(error))
      return undefined
    }
  }

  /**
   * Checks the form against SPEC §5, in the order the hint names the rules.
   *
   * @throws SendAmountAndReceiverRequiredError, SendTokenRequiredError, UnsupportedChainError
   */
  private checkForm(): SendRequest {
    const decimals = this.token ? Number(this.token.quantity.decimals) : 18
    const amount = toUnits(this.amount.trim(), decimals)
    if (this.receiver.trim() === '' || amount === undefined) throw new SendAmountAndReceiverRequiredError()
    if (!this.token) throw new SendTokenRequiredError()
    const namespace = this.deps.connection.activeNamespace
    if (!namespace || !SEND_NAMESPACES.has(namespace)) throw new UnsupportedChainError({ namespace: namespace ?? 'unknown' })
    return { token: this.token, namespace, amount }
  }

  private async resolveReceiver(namespace: ChainNamespace, receiver: string): Promise<string> {
    // Loaded on the first send: the address checks import viem, which the account plugin's
    // first chunk must not (the core entry imports no chain library).
    const { isNamespaceAddress } = await import('../../chains/caip/isNamespaceAddress.js')
    // SPEC §5 allows an EVM address without 0x; the wallet needs it.
    if (isNamespaceAddress(namespace, receiver)) return namespace === 'eip155' && !receiver.startsWith('0x') ? `0x${receiver}` : receiver
    let address = this.deps.receiverProfiles?.profileFor(receiver)?.address
    try {
      address ??= await this.deps.resolveName(receiver)
    } catch (error) {
      throw new NameResolutionError({ name: receiver, cause: error })
    }
    if (!address || !isNamespaceAddress(namespace, address)) throw new NameResolutionError({ name: receiver })
    return address
  }
}
