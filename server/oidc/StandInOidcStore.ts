import type { Adapter, AdapterPayload } from 'oidc-provider'

interface Entry {
  payload: AdapterPayload
  /** Epoch ms after which the entry is gone; Infinity when oidc-provider gives no lifetime. */
  expiresAt: number
}

/** Entries of every model of one provider, by `<model>:<id>`; one map per provider start. */
export type StandInOidcEntries = Map<string, Entry>

/**
 * oidc-provider's storage for the dev stand-in (sessions, interactions, codes, grants): a map in
 * this process, on purpose. The stand-in lives as long as the dev backend and holds nothing worth
 * keeping, so a restart starting afresh is right; naming it spares the start-up log oidc-provider's
 * "in-memory adapter" warning, meant for real deployments. Expired entries are dropped when read.
 *
 * @example
 * const entries: StandInOidcEntries = new Map()
 * new Provider(issuer, { adapter: (model) => new StandInOidcStore(model, entries) })
 */
export class StandInOidcStore implements Adapter {
  constructor(
    readonly model: string,
    readonly entries: StandInOidcEntries,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    this.entries.set(this.#key(id), { payload, expiresAt: expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000 })
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.#read(this.#key(id))
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere((payload) => payload.uid === uid)
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere((payload) => payload.userCode === userCode)
  }

  async consume(id: string): Promise<void> {
    const entry = this.entries.get(this.#key(id))
    if (entry) entry.payload = { ...entry.payload, consumed: Math.floor(Date.now() / 1000) }
  }

  async destroy(id: string): Promise<void> {
    this.entries.delete(this.#key(id))
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every model's tokens of the grant, as a real store would.
    for (const [key, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(key)
  }

  #key(id: string): string {
    return `${this.model}:${id}`
  }

  #read(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.payload
  }

  #findWhere(matches: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
    const prefix = `${this.model}:`
    for (const [key, entry] of this.entries) if (key.startsWith(prefix) && matches(entry.payload)) return this.#read(key)
    return undefined
  }
}
