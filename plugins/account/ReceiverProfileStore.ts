import { makeObservable, observable, observableRef, runInAction } from 'mobx'
import type { KitStorage } from '../../kernel/index.js'
import type { ChainNamespace } from '../../chains/caip/ChainNamespace.js'
import { safeImageUrl } from '../../ui-shell/plugin.js'
import type { Identity } from './fetchIdentity.js'

/** Who a send goes to, as the visitor typed it and as the name service knows it (SPEC §3 send state). */
export interface ReceiverProfile {
  /** What the visitor typed, so a late answer for an older input is never shown. */
  input: string
  address: string
  name: string | undefined
  /** An http(s) or data: image; anything else is dropped (SPEC: never render catalogue data). */
  avatar: string | undefined
}

export interface ReceiverProfileDeps {
  /** Resolves a name to an address (SPEC §7 profile route); undefined when not registered. */
  resolveName(name: string): Promise<string | undefined>
  /** Reads an address's name and avatar (SPEC §7 identity route). */
  fetchIdentity(address: string): Promise<Identity>
  /** The account plugin's caches, 5 minutes each (SPEC §9): ensCache for names, identityCache for addresses. */
  cache: Pick<KitStorage, 'readCache' | 'writeCache'>
  /** Whether `value` is an address of `namespace`; async because the check loads viem on first use. */
  isAddress(namespace: ChainNamespace, value: string): Promise<boolean>
  /** Quiet time after the last keystroke before asking the service. */
  debounceMs?: number
}

/** Long enough that typing a name asks once, short enough to feel immediate. */
const DEFAULT_DEBOUNCE_MS = 300
/** SPEC §9: names (identity and reverse lookups) are eip155 only. */
const NAME_NAMESPACES = new Set<ChainNamespace>(['eip155'])

/**
 * The receiver's profile name and avatar on Send, looked up as the visitor types: an address gets
 * its registered name (reverse lookup), a name gets its address and avatar. A failed or empty
 * lookup shows nothing: the send itself still checks the receiver.
 */
export class ReceiverProfileStore {
  profile: ReceiverProfile | undefined = undefined
  isLooking = false
  private pending: ReturnType<typeof setTimeout> | undefined
  private latest = ''

  constructor(private readonly deps: ReceiverProfileDeps) {
    makeObservable<ReceiverProfileStore, 'latest'>(this, { profile: observableRef, isLooking: observable, latest: false })
  }

  /** The profile of exactly `input`, if it has been found. */
  profileFor(input: string): ReceiverProfile | undefined {
    return this.profile?.input === input.trim() ? this.profile : undefined
  }

  /** Starts (or restarts) the lookup for what the visitor typed. */
  lookup(namespace: ChainNamespace | undefined, input: string): void {
    const value = input.trim()
    this.latest = value
    clearTimeout(this.pending)
    runInAction(() => {
      if (this.profile?.input !== value) this.profile = undefined
      this.isLooking = value !== '' && namespace !== undefined && NAME_NAMESPACES.has(namespace)
    })
    if (!this.isLooking || !namespace) return
    this.pending = setTimeout(() => void this.run(namespace, value), this.deps.debounceMs ?? DEFAULT_DEBOUNCE_MS)
  }

  dispose(): void {
    clearTimeout(this.pending)
  }

  private async run(namespace: ChainNamespace, input: string): Promise<void> {
    let profile: ReceiverProfile | undefined
    try {
      const isAddress = await this.deps.isAddress(namespace, input)
      const address = isAddress ? input : await this.addressOf(input)
      if (address) {
        const identity = await this.identityOf(address)
        profile = { input, address, name: isAddress ? identity.name : input.toLowerCase(), avatar: safeImageUrl(identity.avatar) }
      }
    } catch {
      // No profile is a normal state: the form still shows the address typed.
    }
    if (input !== this.latest) return
    runInAction(() => {
      this.profile = profile
      this.isLooking = false
    })
  }

  private async addressOf(name: string): Promise<string | undefined> {
    const key = name.toLowerCase()
    const cached = this.deps.cache.readCache('ensCache', key)
    if (typeof cached === 'string') return cached
    const address = await this.deps.resolveName(name)
    if (address) this.deps.cache.writeCache('ensCache', key, address)
    return address
  }

  private async identityOf(address: string): Promise<Identity> {
    const cached = this.deps.cache.readCache('identityCache', address) as Partial<Identity> | undefined
    if (cached && typeof cached === 'object')
      return { name: typeof cached.name === 'string' ? cached.name : undefined, avatar: typeof cached.avatar === 'string' ? cached.avatar : undefined }
    const identity = await this.deps.fetchIdentity(address)
    this.deps.cache.writeCache('identityCache', address, identity)
    return identity
  }
}
