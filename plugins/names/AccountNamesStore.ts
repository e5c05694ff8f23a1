import { action, makeObservable, observable } from 'mobx'
import { AccountNamesError } from './errors/names.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

export interface AccountNamesDeps {
  /** The reverse lookup; undefined without a blockchain service. */
  fetchNames?(address: string): Promise<string[]>
  showError(message: StoreText): void
}

/**
 * The names each connected address holds (SPEC §7 reverse lookup), so Account offers "Choose a
 * name" only to an account without one. A failed lookup says so (SPEC §8) and offers nothing.
 */
export class AccountNamesStore {
  readonly namesByAddress = observable.map<string, readonly string[]>()
  private readonly loading = new Map<string, Promise<void>>()

  constructor(private readonly deps: AccountNamesDeps) {
    makeObservable<AccountNamesStore, 'setNames'>(this, { addName: action, setNames: action })
  }

  /** The address's names; undefined until looked up. */
  namesOf(address: string): readonly string[] | undefined {
    return this.namesByAddress.get(address.toLowerCase())
  }

  /** Looks the address up once; a failure is shown and may be retried by a later call. */
  load(address: string): Promise<void> {
    const key = address.toLowerCase()
    const fetchNames = this.deps.fetchNames
    if (!fetchNames || this.namesByAddress.has(key)) return Promise.resolve()
    let loading = this.loading.get(key)
    if (!loading) {
      loading = fetchNames(address)
        .then((names) => this.setNames(key, names))
        .catch((error: unknown) => this.deps.showError(new AccountNamesError({ cause: error })))
        .finally(() => this.loading.delete(key))
      this.loading.set(key, loading)
    }
    return loading
  }

  /** A name just registered by the address. */
  addName(address: string, name: string): void {
    const key = address.toLowerCase()
    this.namesByAddress.set(key, [...(this.namesByAddress.get(key) ?? []), name])
  }

  private setNames(key: string, names: readonly string[]): void {
    this.namesByAddress.set(key, names)
  }
}
