import { action, makeObservable, observable, runInAction } from 'mobx'
import type { HttpClient } from '../../ui-shell/plugin.js'

/** One permission as `GET /v1/sessions/{address}` lists it (server/sessions/sessionRoutes.ts). */
export interface SessionPermission {
  pci: string
  chainId: string
  expiry: number
  revokedAt: number | null
  permissions: Array<{ type: string; data: { address: string; allowance: string; symbol?: string; decimals?: number }; context?: string }>
}

export interface SmartSessionsStoreOptions {
  /** The backend (`apiUrl`); without it nothing is recorded or listed. */
  api: () => HttpClient | undefined
  /** The embedded wallet's smart account on the current chain. */
  address: () => string | undefined
  /** An RPC request through the embedded wallet's frame. */
  request: (method: string, params: unknown[]) => Promise<unknown>
}

/**
 * Smart sessions on the kit's side (SPEC §1, §7): records each grant the frame made with the
 * backend (`POST /v1/sessions/{address}`, signed by the account), lists the active ones for
 * Account, and revokes one: on chain through the frame's card, then at the backend.
 */
export class SmartSessionsStore {
  active: SessionPermission[] = []
  loading = false
  error = ''

  readonly #options: SmartSessionsStoreOptions

  constructor(options: SmartSessionsStoreOptions) {
    this.#options = options
    makeObservable(this, { active: observable, loading: observable, error: observable, load: action })
  }

  /** The frame's grant, recorded; the host gets it with the backend's `pci`. */
  async record(result: unknown): Promise<unknown> {
    const granted = result as { address?: string; record?: { message: string; signature: string } } | null
    const api = this.#options.api()
    if (!granted?.record || !granted.address || !api) return result
    const { pci } = await api.post<{ pci: string }>(`/v1/sessions/${granted.address}`, granted.record)
    const { record: _record, ...rest } = granted
    return { ...rest, pci }
  }

  async load(): Promise<void> {
    const api = this.#options.api()
    const address = this.#options.address()
    if (!api || !address) return
    this.loading = true
    this.error = ''
    try {
      const { pcis } = await api.get<{ pcis: SessionPermission[] }>(`/v1/sessions/${address}`)
      const now = Date.now() / 1000
      runInAction(() => (this.active = pcis.filter((session) => session.revokedAt === null && session.expiry > now)))
    } catch (error) {
      runInAction(() => (this.error = (error as { shortMessage?: string; message?: string }).shortMessage ?? String(error)))
    } finally {
      runInAction(() => (this.loading = false))
    }
  }

  /** Removes the session key on chain (the visitor approves on the frame's card), then at the backend. */
  async revoke(session: SessionPermission): Promise<void> {
    const api = this.#options.api()
    const address = this.#options.address()
    const context = session.permissions[0]?.context
    if (!api || !address || !context) return
    const answer = (await this.#options.request('wallet_revokePermissions', [{ context, pci: session.pci }])) as { record?: { pci: string; signature: string } } | null
    if (answer?.record) await api.post(`/v1/sessions/${address}/revoke`, answer.record)
    await this.load()
  }
}
