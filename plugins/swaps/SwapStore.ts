import { divideUnits } from './divideUnits.js'
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { formatUnits, parseUnits } from 'viem'
import { toKitError, type KitError } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import type { TokenBalance } from '../../chains/connection/AccountState.js'
import { formatLocale, HttpStatusError } from '../../ui-shell/plugin.js'
import type { ConvertApi, ConvertTx, SwapToken } from './convertApi.js'
import {
  GasPriceNotSupportedError,
  InsufficientBalanceError,
  InsufficientLiquidityError,
  SwapNetworkNotSupportedError,
  SwapNoTransactionError,
  SwapTransactionRevertedError,
} from './errors/swap.js'
import { isNativeTokenCaipAddress } from '../../chains/caip/nativeTokenAddress.js'
import { isSwapNetwork, SWAP_SLIPPAGE_PERCENT } from './swapNetworks.js'
import { SUGGESTED_CHIPS, SWAP_POPULAR_SYMBOLS, SWAP_SUGGESTED_SYMBOLS } from './swapTokenLists.js'
import { floorSwapAmount, formatSwapAmount, formatUsd, priceImpactPercent } from './swapMath.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** Debounce between the last keystroke and the quote request. */
export const QUOTE_DEBOUNCE_MS = 300
/** While the Swap view is open, the quote and gas price are read again this often. */
export const QUOTE_REFRESH_MS = 10_000
/** What a network fee is estimated with before the swap is built (a two-hop V2 swap uses less). */
export const ESTIMATED_SWAP_GAS = 200_000n

/** Where each signed step is: idle, waiting for the wallet and the chain, or done. */
export type StepStatus = 'idle' | 'pending' | 'done'

export interface SwapStoreDeps {
  connection: ConnectionStore
  /** The convert API; undefined when the kit has no blockchain service. */
  api: ConvertApi | undefined
  /** The visitor's balances on the active network (the account plugin's Tokens). */
  balances(): readonly TokenBalance[]
  /** Reads the balances; `force` skips the cache (after a swap). */
  loadBalances(force: boolean): Promise<void>
  /** Signs and sends through the visitor's wallet, then waits for it on chain. */
  sendTransaction(tx: ConvertTx): Promise<{ hash: string; status: 'success' | 'reverted' }>
  /** Reports an analytics event (AppKit's names: INITIATE_SWAP, SWAP_SUCCESS, SWAP_ERROR, SWAP_APPROVAL_ERROR). */
  track(event: string, properties: Record<string, unknown>): void
  showSuccess(message: StoreText): void
  /** Called once a swap is mined: the shell shows Account. */
  onSwapped(hash: string): void
  quoteDebounceMs?: number
  quoteRefreshMs?: number
}

/** A token with the visitor's balance of it, as the pickers list them. */
export interface SwapTokenRow extends SwapToken {
  /** The balance as a decimal string; '0' when the visitor holds none. */
  balance: string
}

const sameAddress = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()
const isNative = (token: SwapToken) => isNativeTokenCaipAddress(token.address)
/** AppKit's token order: by symbol, compared as code units. */
const bySymbol = (a: SwapToken, b: SwapToken) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)

/**
 * The swap (SPEC §2 swap views): the from and to tokens with the visitor's balances, the amount,
 * a debounced quote refreshed while the view is open, rate, price impact and network fee in USD,
 * SPEC §9's slippage; then the allowance check, the approval when needed and the swap, each
 * signed in the visitor's wallet with its own pending and error state. Everything refused before
 * signing (unsupported network, amount above the balance, no liquidity) is `inputError`.
 */
export class SwapStore {
  tokens: SwapToken[] = []
  tokensFor: string | undefined = undefined
  isLoadingTokens = false
  tokensError: KitError | undefined = undefined
  fromToken: SwapToken | undefined = undefined
  toToken: SwapToken | undefined = undefined
  amount = ''
  search = ''
  /** The quoted output in base units, and the request it answers. */
  quote: { key: string; toAmount: bigint } | undefined = undefined
  quoteError: KitError | undefined = undefined
  isQuoting = false
  gasPrice: bigint | undefined = undefined
  gasPriceError: KitError | undefined = undefined
  prices: ReadonlyMap<string, number> = new Map()
  /** Whether the router may spend the amount: undefined until checked for the current quote. */
  allowanceOk: boolean | undefined = undefined
  approveStatus: StepStatus = 'idle'
  approveError: KitError | undefined = undefined
  swapStatus: StepStatus = 'idle'
  swapError: KitError | undefined = undefined
  swapTx: ConvertTx | undefined = undefined
  lastSwapHash: string | undefined = undefined

  /** The form (account, pair and amount) `swapTx` was built for. */
  private swapTxKey: string | undefined
  private debounceTimer: ReturnType<typeof setTimeout> | undefined
  private refreshTimer: ReturnType<typeof setInterval> | undefined
  private quoteRequest = 0

  constructor(private readonly deps: SwapStoreDeps) {
    makeObservable<SwapStore, 'setQuote'>(this, {
      tokens: observableRef,
      tokensFor: observable,
      isLoadingTokens: observable,
      tokensError: observableRef,
      fromToken: observableRef,
      toToken: observableRef,
      amount: observable,
      search: observable,
      quote: observableRef,
      quoteError: observableRef,
      isQuoting: observable,
      gasPrice: observable,
      gasPriceError: observableRef,
      prices: observableRef,
      allowanceOk: observable,
      approveStatus: observable,
      approveError: observableRef,
      swapStatus: observable,
      swapError: observableRef,
      swapTx: observableRef,
      lastSwapHash: observable,
      caipNetworkId: computed,
      networkError: computed,
      amountUnits: computed,
      quoteKey: computed,
      toAmount: computed,
      fromBalance: computed,
      fromBalanceText: computed,
      inputError: computed,
      canReview: computed,
      toAmountText: computed,
      rate: computed,
      priceImpact: computed,
      networkFeeUsd: computed,
      minimumReceived: computed,
      needsApproval: computed,
      isBusy: computed,
      suggestedTokens: computed,
      searchResults: computed,
      tokenSections: computed,
      setAmount: action,
      setSearch: action,
      selectToken: action,
      switchTokens: action,
      setMaxAmount: action,
      reset: action,
      setQuote: action,
    })
  }

  // ─── Derived ──────────────────────────────────────────────────────────────

  get caipNetworkId(): string | undefined {
    return this.deps.connection.activeNetwork?.caipNetworkId
  }

  /** SPEC §8 'Network not supported for Swaps' outside SPEC §9's chains (and the local ones). */
  get networkError(): KitError | undefined {
    const network = this.deps.connection.activeNetwork
    return network?.chainNamespace === 'eip155' && isSwapNetwork(network.caipNetworkId) ? undefined : new SwapNetworkNotSupportedError({ caipNetworkId: network?.caipNetworkId })
  }

  /** The typed amount in the from token's base units; undefined unless it is a positive amount the token can hold. */
  get amountUnits(): bigint | undefined {
    const text = this.amount.trim()
    if (!this.fromToken || !/^(\d+\.?\d*|\.\d+)$/.test(text)) return undefined
    const [, fraction = ''] = text.split('.')
    if (fraction.length > this.fromToken.decimals) return undefined
    const units = parseUnits(text, this.fromToken.decimals)
    return units > 0n ? units : undefined
  }

  /** What the current quote must answer: pair and amount. */
  get quoteKey(): string | undefined {
    const units = this.amountUnits
    return this.fromToken && this.toToken && units !== undefined ? `${this.fromToken.address}|${this.toToken.address}|${units}` : undefined
  }

  /** The quoted output for the current form, in base units. */
  get toAmount(): bigint | undefined {
    return this.quote && this.quote.key === this.quoteKey ? this.quote.toAmount : undefined
  }

  /** The visitor's balance of the from token, in base units (0 when none is held). */
  get fromBalance(): bigint {
    return this.fromToken ? this.balanceUnits(this.fromToken) : 0n
  }

  /** The from token's balance as the view shows it. */
  get fromBalanceText(): string {
    return this.fromToken ? formatSwapAmount(formatUnits(this.fromBalance, this.fromToken.decimals)) : '0'
  }

  /**
   * The first reason the swap cannot go ahead, told before anything is signed: the network,
   * an amount above the balance, no liquidity, no gas price.
   */
  get inputError(): KitError | undefined {
    if (this.networkError) return this.networkError
    if (this.fromToken && this.amountUnits !== undefined && this.amountUnits > this.fromBalance) return new InsufficientBalanceError({ symbol: this.fromToken.symbol })
    if (this.quoteError) return this.quoteError
    if (this.gasPriceError) return this.gasPriceError
    return undefined
  }

  /** Every input is there and quoted, and nothing refuses it. */
  get canReview(): boolean {
    return this.inputError === undefined && this.toAmount !== undefined && this.toAmount > 0n
  }

  get toAmountText(): string {
    return this.toToken && this.toAmount !== undefined ? formatSwapAmount(formatUnits(this.toAmount, this.toToken.decimals)) : ''
  }

  /** '1 USDC = 0.000332 ETH' from the quote. */
  get rate(): string | undefined {
    const units = this.amountUnits
    if (!this.fromToken || !this.toToken || units === undefined || this.toAmount === undefined) return undefined
    if (units === 0n) return undefined
    const perUnit = divideUnits(this.toAmount, this.toToken.decimals, units, this.fromToken.decimals)
    return `1 ${this.fromToken.symbol} = ${formatSwapAmount(perUnit)} ${this.toToken.symbol}`
  }

  /** How much less the output is worth than the input at market prices, in percent with 2 decimals. */
  get priceImpact(): string | undefined {
    const units = this.amountUnits
    if (!this.fromToken || !this.toToken || units === undefined || this.toAmount === undefined) return undefined
    const impact = priceImpactPercent({
      fromAmount: formatUnits(units, this.fromToken.decimals),
      fromPrice: this.prices.get(this.fromToken.symbol.toUpperCase()),
      toAmount: formatUnits(this.toAmount, this.toToken.decimals),
      toPrice: this.prices.get(this.toToken.symbol.toUpperCase()),
    })
    return impact === undefined ? undefined : new Intl.NumberFormat(formatLocale(), { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(impact / 100)
  }

  /** The network fee in USD (SPEC §5: fiat with 2 decimals): the built swap's gas, or an estimate, at the standard gas price. */
  get networkFeeUsd(): string | undefined {
    const nativeSymbol = this.deps.connection.activeNetwork?.nativeCurrency.symbol.toUpperCase()
    const price = nativeSymbol ? this.prices.get(nativeSymbol) : undefined
    if (this.gasPrice === undefined || price === undefined) return undefined
    const gas = this.swapTx?.eip155?.gas ? BigInt(this.swapTx.eip155.gas) : ESTIMATED_SWAP_GAS
    return formatUsd(Number(formatUnits(gas * this.gasPrice, 18)) * price)
  }

  /** What the swap pays out at the worst price SPEC §9's slippage allows. */
  get minimumReceived(): string | undefined {
    if (!this.toToken || this.toAmount === undefined) return undefined
    const minimum = (this.toAmount * BigInt(10_000 - SWAP_SLIPPAGE_PERCENT * 100)) / 10_000n
    return `${formatSwapAmount(formatUnits(minimum, this.toToken.decimals))} ${this.toToken.symbol}`
  }

  /** The router may not spend the amount yet: the approval comes first. */
  get needsApproval(): boolean {
    return this.allowanceOk === false
  }

  get isBusy(): boolean {
    return this.approveStatus === 'pending' || this.swapStatus === 'pending'
  }

  /** The picker's chips: up to 8 of SPEC §9's suggested tokens this network trades, by symbol. */
  get suggestedTokens(): SwapTokenRow[] {
    return this.tokens
      .filter((token) => SWAP_SUGGESTED_SYMBOLS.has(token.symbol))
      .sort(bySymbol)
      .slice(0, SUGGESTED_CHIPS)
      .map((token) => this.row(token))
  }

  /** Every token matching the search (symbol, name or address): suggested ones first, then those the visitor holds, then by symbol. */
  get searchResults(): SwapTokenRow[] {
    const needle = this.search.trim().toLowerCase()
    return this.ordered(this.tokens.filter((token) => !needle || token.symbol.toLowerCase().includes(needle) || token.name.toLowerCase().includes(needle) || token.address.toLowerCase().includes(needle)))
  }

  /**
   * The picker's sections while nothing is searched (SPEC §9): the tokens the visitor holds, then
   * the popular ones, then the rest; each token in one section only.
   */
  get tokenSections(): { yours: SwapTokenRow[]; popular: SwapTokenRow[]; others: SwapTokenRow[] } {
    const rows = this.ordered(this.tokens)
    const yours = rows.filter((row) => row.balance !== '0')
    const rest = rows.filter((row) => row.balance === '0').sort(bySymbol)
    return { yours, popular: rest.filter((row) => SWAP_POPULAR_SYMBOLS.has(row.symbol)), others: rest.filter((row) => !SWAP_POPULAR_SYMBOLS.has(row.symbol)) }
  }

  // ─── Actions ──────────────────────────────────────────────────────────────

  setAmount(amount: string): void {
    this.amount = amount
    this.clearBuilt()
    this.scheduleQuote()
  }

  setSearch(search: string): void {
    this.search = search
  }

  /** Picks the from or to token; picking the other side's token switches the two. */
  selectToken(side: 'from' | 'to', token: SwapToken): void {
    const other = side === 'from' ? this.toToken : this.fromToken
    if (other && sameAddress(other.address, token.address)) {
      this.switchTokens()
      return
    }
    if (side === 'from') this.fromToken = token
    else this.toToken = token
    this.search = ''
    this.clearBuilt()
    this.scheduleQuote()
  }

  switchTokens(): void {
    ;[this.fromToken, this.toToken] = [this.toToken, this.fromToken]
    this.clearBuilt()
    this.scheduleQuote()
  }

  /**
   * Fills the whole balance of the from token; of the native currency, less twice the estimated
   * network fee, so the wallet can still pay the gas.
   */
  setMaxAmount(): void {
    if (!this.fromToken) return
    const reserve = isNative(this.fromToken) ? 2n * ESTIMATED_SWAP_GAS * (this.gasPrice ?? 0n) : 0n
    const max = this.fromBalance > reserve ? this.fromBalance - reserve : 0n
    this.setAmount(formatUnits(max, this.fromToken.decimals))
  }

  /** Back to an empty form (after a swap), the network's tokens kept. */
  reset(): void {
    this.amount = ''
    this.toToken = undefined
    this.quote = undefined
    this.quoteError = undefined
    this.approveStatus = 'idle'
    this.swapStatus = 'idle'
    this.clearBuilt()
  }

  /**
   * The Swap view opened: reads the network's tokens, gas price and prices, and refreshes the
   * quote and the gas price every `QUOTE_REFRESH_MS` until `close`.
   */
  async open(): Promise<void> {
    this.stopRefresh()
    this.refreshTimer = setInterval(() => void this.refresh(), this.deps.quoteRefreshMs ?? QUOTE_REFRESH_MS)
    await Promise.all([this.deps.loadBalances(false).catch(() => {}), this.refresh()])
  }

  /** The Swap view closed: no more refreshes. */
  close(): void {
    this.stopRefresh()
  }

  /** Stops every timer (the plugin closes). */
  dispose(): void {
    this.stopRefresh()
    clearTimeout(this.debounceTimer)
    this.quoteRequest++
  }

  /** Reads tokens (once per network), gas price and prices, then the quote. */
  async refresh(): Promise<void> {
    const network = this.caipNetworkId
    const api = this.deps.api
    if (!network || !api || this.networkError) return
    if (this.tokensFor !== network) await this.loadTokens(api, network)
    await Promise.all([this.loadGasPrice(api, network), this.loadPrices(api), this.fetchQuote()])
  }

  /** Asks the service for the current form's quote; a stale answer (the form changed) is dropped. */
  async fetchQuote(): Promise<void> {
    clearTimeout(this.debounceTimer)
    const key = this.quoteKey
    const api = this.deps.api
    const user = this.deps.connection.caipAddress
    const request = ++this.quoteRequest
    if (!key || !api || !user || this.networkError || this.amountUnits! > this.fromBalance) {
      runInAction(() => (this.isQuoting = false))
      return
    }
    runInAction(() => (this.isQuoting = true))
    try {
      const toAmount = await api.quote({ userAddress: user, from: this.fromToken!.address, to: this.toToken!.address, amount: this.amountUnits!, gasPrice: this.gasPrice })
      if (request !== this.quoteRequest) return
      this.setQuote(key, toAmount && toAmount > 0n ? toAmount : undefined, toAmount && toAmount > 0n ? undefined : new InsufficientLiquidityError())
    } catch (error) {
      if (request !== this.quoteRequest) return
      // The quote route answers 400 for an amount the pools cannot price.
      this.setQuote(key, undefined, error instanceof HttpStatusError && error.status === 400 ? new InsufficientLiquidityError({ cause: error }) : toKitError(error))
    }
  }

  /**
   * Preview opened: checks the allowance; when it covers the amount, builds the swap so its gas
   * gives the fee.
   */
  async prepare(): Promise<void> {
    const api = this.deps.api
    const user = this.deps.connection.caipAddress
    const key = this.buildKey()
    if (!api || !user || !key || !this.fromToken || !this.toToken || this.amountUnits === undefined || this.inputError) return
    const amount = this.amountUnits
    try {
      const allowance = isNative(this.fromToken) ? amount : await api.allowance({ tokenAddress: this.fromToken.address, userAddress: user })
      // The form changed meanwhile: this allowance answers the old amount; the next Preview checks again.
      if (this.buildKey() !== key) return
      const ok = allowance >= amount
      runInAction(() => (this.allowanceOk = ok))
      if (ok) await this.buildSwap()
    } catch (error) {
      runInAction(() => (this.swapError = toKitError(error)))
    }
  }

  /**
   * Signs the approval of exactly the amount for the router, waits for it on chain, then builds
   * the swap. Refused before signing when `inputError` says so.
   *
   * @returns the approval's hash, or undefined when nothing was approved
   */
  async approve(): Promise<string | undefined> {
    const api = this.deps.api
    const user = this.deps.connection.caipAddress
    const from = this.fromToken
    const amount = this.amountUnits
    if (this.isBusy || !api || !user || !from || !this.toToken || amount === undefined || this.inputError) return undefined
    runInAction(() => {
      this.approveStatus = 'pending'
      this.approveError = undefined
    })
    try {
      const tx = await api.buildApprove({ userAddress: user, from: from.address, to: this.toToken.address, amount })
      if (!tx) throw new SwapNoTransactionError({ step: 'approve' })
      const { hash, status } = await this.deps.sendTransaction(tx)
      if (status !== 'success') throw new SwapTransactionRevertedError({ hash, step: 'approve' })
      runInAction(() => {
        this.approveStatus = 'done'
        this.allowanceOk = true
      })
      await this.buildSwap()
      return hash
    } catch (error) {
      const kitError = toKitError(error)
      runInAction(() => {
        this.approveStatus = 'idle'
        this.approveError = kitError
      })
      this.deps.track('SWAP_APPROVAL_ERROR', { ...this.eventProperties(), message: kitError.shortMessage })
      return undefined
    }
  }

  /**
   * Signs the swap, waits for it on chain, then refreshes the balances, resets the form and
   * hands over to Account. Reports INITIATE_SWAP, then SWAP_SUCCESS or SWAP_ERROR.
   *
   * @returns the swap's hash, or undefined when nothing was swapped
   */
  async swap(): Promise<string | undefined> {
    if (this.isBusy || this.needsApproval || this.inputError || this.amountUnits === undefined) return undefined
    runInAction(() => {
      this.swapStatus = 'pending'
      this.swapError = undefined
    })
    const properties = this.eventProperties()
    this.deps.track('INITIATE_SWAP', properties)
    try {
      // A transaction built for another form (pair, amount or account) is never sent: build it again.
      const tx = this.swapTx !== undefined && this.swapTxKey === this.buildKey() ? this.swapTx : await this.buildSwap()
      if (!tx) throw new SwapNoTransactionError({ step: 'swap' })
      const { hash, status } = await this.deps.sendTransaction(tx)
      if (status !== 'success') throw new SwapTransactionRevertedError({ hash, step: 'swap' })
      this.deps.track('SWAP_SUCCESS', properties)
      this.deps.showSuccess({ key: 'swap.swapped', values: { amount: formatSwapAmount(properties.swapFromAmount), from: properties.swapFromToken, to: properties.swapToToken } })
      runInAction(() => (this.lastSwapHash = hash))
      await this.deps.loadBalances(true).catch(() => {})
      this.reset()
      this.deps.onSwapped(hash)
      return hash
    } catch (error) {
      const kitError = toKitError(error)
      runInAction(() => {
        this.swapStatus = 'idle'
        this.swapError = kitError
      })
      this.deps.track('SWAP_ERROR', { ...properties, message: kitError.shortMessage })
      return undefined
    }
  }

  // ─── Internals ────────────────────────────────────────────────────────────

  private setQuote(key: string, toAmount: bigint | undefined, error: KitError | undefined): void {
    this.quote = toAmount === undefined ? undefined : { key, toAmount }
    this.quoteError = error
    this.isQuoting = false
  }

  /** What a built swap answers: the account and the quote's pair and amount. */
  private buildKey(): string | undefined {
    const user = this.deps.connection.caipAddress
    const quoteKey = this.quoteKey
    return user && quoteKey ? `${user}|${quoteKey}` : undefined
  }

  /** Builds the swap for the current form; undefined when the form changed while it was built. */
  private async buildSwap(): Promise<ConvertTx | undefined> {
    const api = this.deps.api
    const user = this.deps.connection.caipAddress
    const key = this.buildKey()
    if (!api || !user || !key || !this.fromToken || !this.toToken || this.amountUnits === undefined) return undefined
    const tx = await api.buildTransaction({ userAddress: user, from: this.fromToken.address, to: this.toToken.address, amount: this.amountUnits, slippage: SWAP_SLIPPAGE_PERCENT })
    if (this.buildKey() !== key) return undefined
    runInAction(() => {
      this.swapTx = tx
      this.swapTxKey = key
    })
    return tx
  }

  private clearBuilt(): void {
    this.swapTx = undefined
    this.swapTxKey = undefined
    this.allowanceOk = undefined
    this.approveError = undefined
    this.swapError = undefined
  }

  private scheduleQuote(): void {
    clearTimeout(this.debounceTimer)
    this.quoteRequest++
    this.isQuoting = this.quoteKey !== undefined
    this.debounceTimer = setTimeout(() => void this.fetchQuote(), this.deps.quoteDebounceMs ?? QUOTE_DEBOUNCE_MS)
  }

  private stopRefresh(): void {
    clearInterval(this.refreshTimer)
    this.refreshTimer = undefined
  }

  private async loadTokens(api: ConvertApi, network: string): Promise<void> {
    runInAction(() => (this.isLoadingTokens = true))
    try {
      const tokens = await api.tokens(network)
      runInAction(() => {
        this.tokens = tokens
        this.tokensFor = network
        this.tokensError = undefined
        // A new network starts from its native currency.
        this.fromToken = tokens.find(isNative) ?? tokens[0]
        this.toToken = undefined
      })
    } catch (error) {
      runInAction(() => (this.tokensError = toKitError(error)))
    } finally {
      runInAction(() => (this.isLoadingTokens = false))
    }
  }

  private async loadGasPrice(api: ConvertApi, network: string): Promise<void> {
    try {
      const price = await api.gasPrice(network)
      runInAction(() => {
        this.gasPrice = price
        this.gasPriceError = price === undefined ? new GasPriceNotSupportedError({ caipNetworkId: network }) : undefined
      })
    } catch (error) {
      runInAction(() => (this.gasPriceError = new GasPriceNotSupportedError({ caipNetworkId: network, cause: error })))
    }
  }

  private async loadPrices(api: ConvertApi): Promise<void> {
    if (this.tokens.length === 0) return
    try {
      const prices = await api.prices(this.tokens.map((token) => token.address))
      runInAction(() => (this.prices = prices))
    } catch {
      // No prices: the fee and the price impact are not shown; the swap still works.
    }
  }

  private balanceUnits(token: SwapToken): bigint {
    const held = this.deps.balances().find((balance) => (isNative(token) ? balance.address === undefined && balance.symbol === token.symbol : sameAddress(balance.address, token.address)))
    if (!held) return 0n
    try {
      return parseUnits(held.quantity.numeric, token.decimals)
    } catch {
      return 0n
    }
  }

  /** Suggested tokens first, then the ones the visitor holds, then by symbol. */
  private ordered(tokens: readonly SwapToken[]): SwapTokenRow[] {
    const rank = (row: SwapTokenRow) => (SWAP_SUGGESTED_SYMBOLS.has(row.symbol) ? 0 : row.balance !== '0' ? 1 : 2)
    return tokens.map((token) => this.row(token)).sort((a, b) => rank(a) - rank(b) || bySymbol(a, b))
  }

  private row(token: SwapToken): SwapTokenRow {
    return { ...token, balance: formatSwapAmount(formatUnits(this.balanceUnits(token), token.decimals)) }
  }

  private eventProperties() {
    return {
      network: this.caipNetworkId,
      swapFromToken: this.fromToken?.symbol,
      swapToToken: this.toToken?.symbol,
      swapFromAmount: this.amount.trim(),
      swapToAmount: this.toToken && this.toAmount !== undefined ? floorSwapAmount(formatUnits(this.toAmount, this.toToken.decimals)) : '',
      isSmartAccount: false,
    }
  }
}
