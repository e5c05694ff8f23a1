import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx'
import { toKitError } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { FALLBACK_LIMITS, FALLBACK_OPTIONS, mockQuote, MOCK_QUOTE_ID } from './onrampFallbacks.js'
import { onrampNetworkName } from './onrampChains.js'
import { ONRAMP_PROVIDERS } from './onrampProviders.js'
import type { OnrampService, QuoteRequest } from './onrampService.js'
import type { OnrampOptions, OnrampPurchase, OnrampQuote, PaymentCurrency, PaymentMethodLimit, PurchaseCurrency } from './onrampTypes.js'
import { formatMoney, formatQuantity } from './formatMoney.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** The provider's status of a purchase that has paid out (SPEC §7 `onramp=` history). */
export const PURCHASE_SUCCESS = 'ONRAMP_TRANSACTION_STATUS_SUCCESS'

/** Where a checkout stands: none, being created, open and awaited, paid, or given up. */
export type CheckoutStatus = 'idle' | 'opening' | 'waiting' | 'paid' | 'expired'

/** Timers, injected so tests need not wait on real ones. */
export interface OnrampTimers {
  set(run: () => void, ms: number): unknown
  clear(handle: unknown): void
}

/** Where the store reads and what it drives; all I/O is injected so it runs in Node tests. */
export interface OnrampStoreDeps {
  connection: Pick<ConnectionStore, 'address' | 'caipAddress' | 'activeNetwork'>
  service: OnrampService
  /** Opens the checkout in a popup; false when the browser blocked it. */
  openCheckout(url: string): boolean
  /** The account plugin's balances, read again past its cache. */
  refreshBalances(): Promise<void>
  showError(message: StoreText): void
  showSuccess(message: StoreText): void
  navigation: { showProgress(): void; showAccount(): void }
  timers?: OnrampTimers
  now?: () => number
  /** Quiet time after the last keystroke before a quote is asked (default 300 ms). */
  quoteDelayMs?: number
  /** How often the on-ramp history is read while a checkout is open (default 2 s). */
  pollIntervalMs?: number
  /** How long a checkout is awaited before the kit stops reading (default 30 min). */
  waitLimitMs?: number
}

const FIAT_PATTERN = /^\d{1,9}(\.\d{0,2})?$/

const realTimers: OnrampTimers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) }
const quoteKey = (request: QuoteRequest) => `${request.purchaseCurrency}|${request.paymentCurrency}|${request.amount}|${request.network}`

/**
 * The Buy flow (SPEC §1, §2, §7): the options (or SPEC §9's fallback currencies when they fail),
 * the chosen asset, fiat currency, provider kind and amount within its limits (SPEC §5), a
 * quote asked as the visitor stops typing (or the mock quote when it fails), then the
 * provider's checkout in a popup, awaited in the on-ramp history until the purchase is paid,
 * when the balances are read again and Account shown.
 */
export class OnrampStore {
  options: OnrampOptions | undefined = undefined
  /** The options are SPEC §9's fallback: the service's failed. */
  usesFallbackOptions = false
  purchaseSymbol: string | undefined = undefined
  paymentId = 'USD'
  providerId = ONRAMP_PROVIDERS[0]!.id
  amount = ''
  quote: OnrampQuote | undefined = undefined
  isQuoting = false
  status: CheckoutStatus = 'idle'
  checkoutUrl: string | undefined = undefined
  popupBlocked = false
  /** The purchase being awaited, once the history lists it. */
  purchase: OnrampPurchase | undefined = undefined
  private quoteFor: string | undefined = undefined
  private loadingOptions: Promise<void> | undefined
  private quoteTimer: unknown
  private pollTimer: unknown
  private known = new Set<string>()
  private waitingSince = 0
  /** Counts checkouts begun and cancelled: an answer for an older one is dropped. */
  private checkoutRun = 0
  private disposed = false
  private readonly stopWatching: () => void

  constructor(private readonly deps: OnrampStoreDeps) {
    makeObservable<OnrampStore, 'quoteFor'>(this, {
      options: observableRef,
      usesFallbackOptions: observable,
      purchaseSymbol: observable,
      paymentId: observable,
      providerId: observable,
      amount: observable,
      quote: observableRef,
      quoteFor: observable,
      isQuoting: observable,
      status: observable,
      checkoutUrl: observable,
      popupBlocked: observable,
      purchase: observableRef,
      networkName: computed,
      isOffered: computed,
      purchaseCurrencies: computed,
      selectedPurchase: computed,
      paymentCurrencies: computed,
      provider: computed,
      limits: computed,
      amountError: computed,
      quoteRequest: computed,
      currentQuote: computed,
      isMockQuote: computed,
      canBuy: computed,
      selectPurchase: action,
      selectPayment: action,
      selectProvider: action,
      setAmount: action,
      cancel: action,
      resetForAccount: action,
    })
    this.stopWatching = reaction(
      () => [this.deps.connection.caipAddress, this.deps.connection.activeNetwork?.caipNetworkId].join('|'),
      () => this.resetForAccount(),
    )
  }

  private get timers(): OnrampTimers {
    return this.deps.timers ?? realTimers
  }

  private get now(): number {
    return (this.deps.now ?? Date.now)()
  }

  private get chainReference(): string | undefined {
    const id = this.deps.connection.activeNetwork?.id
    return id === undefined ? undefined : String(id)
  }

  /** The provider's name of the active network (SPEC §9's Coinbase-pay list, or the options' own name for it). */
  get networkName(): string | undefined {
    const listed = this.selectedPurchase?.networks.find((network) => network.chain_id === this.chainReference)
    return listed?.name ?? onrampNetworkName(this.deps.connection.activeNetwork?.caipNetworkId)
  }

  /** Buy is offered on SPEC §9's Coinbase-pay chains (and the reference backend's local ones). */
  get isOffered(): boolean {
    return onrampNetworkName(this.deps.connection.activeNetwork?.caipNetworkId) !== undefined
  }

  /** The assets sold on the active network; fallback currencies name no network and count everywhere. */
  get purchaseCurrencies(): PurchaseCurrency[] {
    const reference = this.chainReference
    return (this.options?.purchaseCurrencies ?? []).filter(
      (currency) => currency.networks.length === 0 || currency.networks.some((network) => network.chain_id === reference),
    )
  }

  get selectedPurchase(): PurchaseCurrency | undefined {
    return this.purchaseCurrencies.find((currency) => currency.symbol === this.purchaseSymbol) ?? this.purchaseCurrencies[0]
  }

  get paymentCurrencies(): PaymentCurrency[] {
    return this.options?.paymentCurrencies ?? []
  }

  get provider() {
    return ONRAMP_PROVIDERS.find((provider) => provider.id === this.providerId) ?? ONRAMP_PROVIDERS[0]!
  }

  /** The chosen provider kind's limits in the chosen currency, or SPEC §5's fallback limits. */
  get limits(): PaymentMethodLimit {
    const method = this.provider.method
    const payment = this.paymentCurrencies.find((currency) => currency.id === this.paymentId)
    return payment?.payment_method_limits.find((limit) => limit.id === method) ?? FALLBACK_LIMITS.find((limit) => limit.id === method)!
  }

  /** The first rule the amount breaks, as the form shows it. */
  get amountError(): StoreText | undefined {
    const amount = this.amount.trim()
    if (amount === '') return 'onramp.amount.required'
    if (!FIAT_PATTERN.test(amount)) return 'onramp.amount.decimals'
    const value = Number(amount)
    if (value < Number(this.limits.min)) return { key: 'onramp.amount.min', values: { amount: formatMoney(this.limits.min, this.paymentId) } }
    if (value > Number(this.limits.max)) return { key: 'onramp.amount.max', values: { amount: formatMoney(this.limits.max, this.paymentId) } }
    return undefined
  }

  /** What a quote is asked for, once the choices are complete and the amount within limits. */
  get quoteRequest(): QuoteRequest | undefined {
    const purchase = this.selectedPurchase
    const network = this.networkName
    if (!purchase || !network || this.amountError !== undefined) return undefined
    return { purchaseCurrency: purchase.symbol, paymentCurrency: this.paymentId, amount: this.amount.trim(), network }
  }

  /** The quote of what the form shows now (a quote for an older amount is not shown). */
  get currentQuote(): OnrampQuote | undefined {
    const request = this.quoteRequest
    return request && this.quoteFor === quoteKey(request) ? this.quote : undefined
  }

  /** SPEC §8: the quote is the mock one: the service's failed. */
  get isMockQuote(): boolean {
    return this.currentQuote?.quoteId === MOCK_QUOTE_ID
  }

  get canBuy(): boolean {
    return this.currentQuote !== undefined && this.deps.connection.address !== undefined && this.status !== 'opening' && this.status !== 'waiting'
  }

  /** Loads the options (fallback currencies when they fail, asked again next time); the view calls it on show. */
  open(): Promise<void> {
    if (this.options && !this.usesFallbackOptions) return Promise.resolve()
    return (this.loadingOptions ??= this.loadOptions().finally(() => (this.loadingOptions = undefined)))
  }

  private async loadOptions(): Promise<void> {
    let options: OnrampOptions
    let fallback = false
    try {
      options = await this.deps.service.fetchOptions()
    } catch {
      options = FALLBACK_OPTIONS
      fallback = true
    }
    runInAction(() => {
      this.options = options
      this.usesFallbackOptions = fallback
      const symbols = this.purchaseCurrencies.map((currency) => currency.symbol)
      if (!this.purchaseSymbol || !symbols.includes(this.purchaseSymbol)) this.purchaseSymbol = symbols.includes('USDC') ? 'USDC' : symbols[0]
      const fiats = options.paymentCurrencies.map((currency) => currency.id)
      if (!fiats.includes(this.paymentId)) this.paymentId = fiats[0] ?? 'USD'
    })
    this.scheduleQuote()
  }

  selectPurchase(symbol: string): void {
    this.purchaseSymbol = symbol
    this.scheduleQuote()
  }

  selectPayment(id: string): void {
    this.paymentId = id
    this.scheduleQuote()
  }

  selectProvider(id: string): void {
    this.providerId = id
    this.scheduleQuote()
  }

  setAmount(amount: string): void {
    this.amount = amount
    this.scheduleQuote()
  }

  /** Asks a quote once the visitor stops changing the form for `quoteDelayMs`. */
  private scheduleQuote(): void {
    this.timers.clear(this.quoteTimer)
    if (this.disposed) return
    const request = this.quoteRequest
    if (!request || this.quoteFor === quoteKey(request)) return
    this.quoteTimer = this.timers.set(() => void this.loadQuote(), this.deps.quoteDelayMs ?? 300)
  }

  /** Asks the service for a quote of the form as it is; a failed quote gives SPEC §8's mock quote. */
  async loadQuote(): Promise<void> {
    const request = this.quoteRequest
    if (!request) return
    runInAction(() => (this.isQuoting = true))
    let quote: OnrampQuote
    try {
      quote = await this.deps.service.fetchQuote(request)
    } catch {
      quote = mockQuote(request)
    }
    runInAction(() => {
      this.isQuoting = false
      // An answer for a form the visitor has since changed is dropped.
      if (this.quoteRequest && quoteKey(this.quoteRequest) === quoteKey(request)) {
        this.quote = quote
        this.quoteFor = quoteKey(request)
      }
    })
  }

  /**
   * Creates the provider's checkout for the quoted amount, opens it in a popup and shows
   * BuyInProgress, then reads the on-ramp history until the purchase is paid.
   */
  async startCheckout(): Promise<void> {
    const quote = this.currentQuote
    const request = this.quoteRequest
    const address = this.deps.connection.address
    const caipNetworkId = this.deps.connection.activeNetwork?.caipNetworkId
    if (this.disposed || !this.canBuy || !quote || !request || !address || !caipNetworkId) return
    const run = ++this.checkoutRun
    // Cancelled, another account or network, or the plugin closed while it was created: not ours any more.
    const superseded = () =>
      run !== this.checkoutRun || this.status !== 'opening' || this.deps.connection.address !== address || this.deps.connection.activeNetwork?.caipNetworkId !== caipNetworkId
    runInAction(() => {
      this.status = 'opening'
      this.purchase = undefined
    })
    try {
      // The purchases made before: the new one is the first the history lists beyond them.
      const before = await this.deps.service.fetchPurchases({ address, caipNetworkId })
      if (superseded()) return
      const url = await this.deps.service.createCheckoutUrl({
        address,
        network: request.network,
        asset: request.purchaseCurrency,
        cryptoAmount: this.isMockQuote ? undefined : quote.purchaseAmount.amount,
        fiatAmount: request.amount,
        fiatCurrency: request.paymentCurrency,
      })
      if (superseded()) return
      const opened = this.deps.openCheckout(url)
      runInAction(() => {
        this.known = new Set(before.map((purchase) => purchase.id))
        this.waitingSince = this.now
        this.checkoutUrl = url
        this.popupBlocked = !opened
        this.status = 'waiting'
      })
      this.deps.navigation.showProgress()
      this.schedulePoll()
    } catch (error) {
      if (superseded()) return
      runInAction(() => (this.status = 'idle'))
      this.deps.showError(toKitError(error))
    }
  }

  /** Opens the checkout again (the first popup was blocked or closed). */
  reopenCheckout(): void {
    if (this.status !== 'waiting' || !this.checkoutUrl) return
    const opened = this.deps.openCheckout(this.checkoutUrl)
    runInAction(() => (this.popupBlocked = !opened))
  }

  private schedulePoll(): void {
    this.timers.clear(this.pollTimer)
    if (this.disposed) return
    this.pollTimer = this.timers.set(() => void this.checkPurchase(), this.deps.pollIntervalMs ?? 2_000)
  }

  /** Reads the on-ramp history once; a paid new purchase ends the wait. A failed read is tried again. */
  async checkPurchase(): Promise<void> {
    const address = this.deps.connection.address
    const caipNetworkId = this.deps.connection.activeNetwork?.caipNetworkId
    if (this.disposed || this.status !== 'waiting' || !address || !caipNetworkId) return
    const run = this.checkoutRun
    let fresh: OnrampPurchase[] = []
    try {
      fresh = (await this.deps.service.fetchPurchases({ address, caipNetworkId })).filter((purchase) => !this.known.has(purchase.id))
    } catch {
      // The next read may succeed; the visitor is still paying.
    }
    // Cancelled, closed, or another checkout began while the history was read: its answer is not this one's.
    if (this.disposed || run !== this.checkoutRun || this.status !== 'waiting') return
    const paid = fresh.find((purchase) => purchase.status === PURCHASE_SUCCESS)
    if (paid) return this.finish(paid)
    runInAction(() => (this.purchase = fresh[0] ?? this.purchase))
    if (this.now - this.waitingSince > (this.deps.waitLimitMs ?? 30 * 60_000)) {
      runInAction(() => (this.status = 'expired'))
      return
    }
    this.schedulePoll()
  }

  private async finish(purchase: OnrampPurchase): Promise<void> {
    runInAction(() => {
      this.status = 'paid'
      this.purchase = purchase
    })
    await this.deps.refreshBalances().catch(() => {})
    this.deps.showSuccess({ key: 'onramp.bought', values: { amount: formatQuantity(purchase.amount), symbol: purchase.symbol } })
    this.deps.navigation.showAccount()
  }

  /** Stops awaiting a checkout: the visitor left it. */
  cancel(): void {
    this.checkoutRun++
    this.timers.clear(this.pollTimer)
    this.status = 'idle'
    this.checkoutUrl = undefined
    this.popupBlocked = false
  }

  /** Another account or network: the quote and any awaited checkout were for the old one. */
  resetForAccount(): void {
    this.cancel()
    this.quote = undefined
    this.quoteFor = undefined
    this.scheduleQuote()
  }

  /** The plugin closed: no read, poll or quote after this. */
  dispose(): void {
    this.disposed = true
    this.checkoutRun++
    this.stopWatching()
    this.timers.clear(this.pollTimer)
    this.timers.clear(this.quoteTimer)
  }
}
