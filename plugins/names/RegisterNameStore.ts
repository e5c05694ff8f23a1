import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { KitError } from '../../kernel/index.js'
import { InvalidAccountNameError, NameAuthAddressNotFoundError, NameNetworkNotFoundError, NameRegistrationError, NameSuggestionsError } from './errors/names.js'
import type { NameSuggestion } from './fetchNameSuggestions.js'
import { nameCoinType } from './nameCoinType.js'
import type { NameRegistration } from './postAccountName.js'
import { NAME_RULE_TEXT, NAME_SUFFIX, toLabel, validateAccountName } from './validateAccountName.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

/** Who would register: the active network and address, and whether the embedded wallet connected them. */
export interface NameSession {
  network: { chainNamespace: string; id: number | string } | undefined
  address: string | undefined
  /** Connected through the AUTH connector (SPEC §5 ties registration to it). */
  viaAuthConnector: boolean
}

/** Where the store reads, signs and sends; injected, so it runs in Node against the real backend. */
export interface RegisterNameDeps {
  session(): NameSession
  /** The suggestions route; undefined without a blockchain service. */
  suggest?(label: string, signal: AbortSignal): Promise<NameSuggestion[]>
  /** personal_sign by the connected account (the embedded wallet: approved in its frame). */
  sign(message: string, address: string): Promise<string>
  /** Sends the registration; throws NameRegistrationError in the server's words. */
  register(name: string, registration: NameRegistration): Promise<void>
  /** The name is the account's now: refresh the profile and show the success view. */
  onRegistered(registered: { name: string; address: string }): void | Promise<void>
  /** Wait after the last keystroke before asking for suggestions. */
  debounceMs?: number
  now?: () => number
}

/** Typing fast asks once, after this pause. */
export const SUGGESTIONS_DEBOUNCE_MS = 300

/**
 * RegisterAccountName's state (SPEC §4, §5): the name typed, the rule it breaks, suggestions with
 * their availability, and the registration: sign `{ name, attributes, timestamp }`, send it, then
 * the success view, or back to the form with the server's reason or the catalogue's sentence.
 */
export class RegisterNameStore {
  input = ''
  suggestions: NameSuggestion[] = []
  /** The label the suggestions were asked for, so a slow answer never shows for another name. */
  suggestionsFor: string | undefined = undefined
  suggestionsError: StoreText | undefined = undefined
  isRegistering = false
  /** The last registration's failure, shown until the visitor types again. */
  error: StoreText | undefined = undefined
  private timer: ReturnType<typeof setTimeout> | undefined
  private pending: AbortController | undefined

  constructor(private readonly deps: RegisterNameDeps) {
    makeObservable(this, {
      input: observable,
      suggestions: observableRef,
      suggestionsFor: observable,
      suggestionsError: observable,
      isRegistering: observable,
      error: observable,
      label: computed,
      fullName: computed,
      rule: computed,
      visibleSuggestions: computed,
      isTaken: computed,
      canRegister: computed,
      setInput: action,
      reset: action,
    })
  }

  /** The label the server would store: lower case, without the suffix. */
  get label(): string {
    return toLabel(this.input)
  }

  get fullName(): string {
    return `${this.label}${NAME_SUFFIX}`
  }

  /** The SPEC §5 rule the typed name breaks, once something is typed. */
  get rule(): StoreText | undefined {
    const rule = this.input.trim() === '' ? undefined : validateAccountName(this.input)
    return rule === undefined ? undefined : NAME_RULE_TEXT[rule]
  }

  /** The suggestions for what is typed now; none for an older label. */
  get visibleSuggestions(): readonly NameSuggestion[] {
    return this.suggestionsFor === this.label ? this.suggestions : []
  }

  /** The suggestions say someone holds the typed name (the server has the last word). */
  get isTaken(): boolean {
    return this.visibleSuggestions.some((suggestion) => suggestion.name === this.fullName && suggestion.registered)
  }

  get canRegister(): boolean {
    return this.input.trim() !== '' && this.rule === undefined && !this.isRegistering
  }

  /** Takes what the visitor typed; suggestions follow after a pause. */
  setInput(input: string): void {
    this.input = input
    this.error = undefined
    this.scheduleSuggestions()
  }

  /** Back to an empty form (the view opens afresh). */
  reset(): void {
    this.cancelSuggestions()
    this.input = ''
    this.suggestions = []
    this.suggestionsFor = undefined
    this.suggestionsError = undefined
    this.error = undefined
  }

  /**
   * Registers the typed name: SPEC §5's checks, the signature, the server. Loading while it runs;
   * on failure the form shows why and keeps the name.
   */
  async register(): Promise<void> {
    if (this.isRegistering) return
    const name = this.fullName
    runInAction(() => {
      this.isRegistering = true
      this.error = undefined
    })
    try {
      const rule = validateAccountName(this.input)
      if (rule) throw new InvalidAccountNameError({ rule })
      const { address, coinType } = this.signer()
      const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor((this.deps.now ?? Date.now)() / 1000) })
      const signature = await this.deps.sign(message, address)
      await this.deps.register(name, { coin_type: coinType, address, message, signature })
      runInAction(() => (this.isRegistering = false))
      await this.deps.onRegistered({ name, address })
      runInAction(() => this.reset())
    } catch (error) {
      runInAction(() => {
        this.isRegistering = false
        this.error = error instanceof InvalidAccountNameError ? NAME_RULE_TEXT[error.shortMessage] : isOwnError(error) ? error : new NameRegistrationError({ name, cause: error })
      })
    }
  }

  dispose(): void {
    this.cancelSuggestions()
  }

  /** SPEC §5, in its order: a network, then an address from the AUTH connector, then a chain id that has a coin type. */
  private signer(): { address: string; coinType: number } {
    const { network, address, viaAuthConnector } = this.deps.session()
    // Names are eip155 only (SPEC §9): another namespace has no network to register on.
    if (!network || network.chainNamespace !== 'eip155') throw new NameNetworkNotFoundError()
    if (!address || !viaAuthConnector) throw new NameAuthAddressNotFoundError()
    return { address, coinType: nameCoinType(network.id) }
  }

  private scheduleSuggestions(): void {
    this.cancelSuggestions()
    const label = this.label
    const suggest = this.deps.suggest
    // The service strips what a name cannot hold; asking for it would suggest another name.
    if (!suggest || label === '' || !/^[a-z0-9-]+$/.test(label)) return
    this.timer = setTimeout(() => void this.loadSuggestions(label, suggest), this.deps.debounceMs ?? SUGGESTIONS_DEBOUNCE_MS)
  }

  private async loadSuggestions(label: string, suggest: NonNullable<RegisterNameDeps['suggest']>): Promise<void> {
    const controller = (this.pending = new AbortController())
    try {
      const suggestions = await suggest(label, controller.signal)
      if (controller.signal.aborted) return
      runInAction(() => {
        this.suggestions = suggestions
        this.suggestionsFor = label
        this.suggestionsError = undefined
      })
    } catch (error) {
      if (controller.signal.aborted) return
      runInAction(() => {
        this.suggestions = []
        this.suggestionsFor = label
        this.suggestionsError = new NameSuggestionsError({ cause: error })
      })
    }
  }

  private cancelSuggestions(): void {
    clearTimeout(this.timer)
    this.pending?.abort()
    this.pending = undefined
  }
}

/** Errors whose sentence is already the one to show: SPEC §5's checks and the server's reasons. */
function isOwnError(error: unknown): error is KitError {
  return error instanceof KitError && error.code.startsWith('KIT_NAMES_')
}
