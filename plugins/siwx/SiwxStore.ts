import { action, makeObservable, observable, observableRef, runInAction } from 'mobx'
import { KitError, toKitError } from '../../kernel/index.js'
import type { ConnectionStore } from '../../chains/connection/ConnectionStore.js'
import { SignatureDeclinedError } from '../../chains/errors/request.js'
import { createCacao } from '../../chains/caip/createCacao.js'
import { createNonce, createSiwxMessage } from './createSiwxMessage.js'
import { SiwxInitializeError } from './errors/SiwxInitializeError.js'
import { SiwxNoAccountError } from './errors/SiwxNoAccountError.js'
import { SiwxNoNetworkError } from './errors/SiwxNoNetworkError.js'
import type { SiwxSession, SiwxStorage } from './siwxStorage.js'
import type { StoreText } from '../../ui-shell/i18n/I18nStore.js'

export interface SiwxStoreDeps {
  connection: ConnectionStore
  storage: SiwxStorage
  /** A host that requires sign-in: cancelling disconnects, and the sign view cannot be closed. */
  required: boolean
  statement?: string
  /** The page the visitor signs in to (domain and URI of the message). */
  location: { host: string; origin: string }
  showError(message: StoreText): void
  close(): void
  /** Puts the modal back on Connect (after a sign-in that could not start). */
  showConnect(): void
  /** Shows the SIWXSignMessage view. */
  showSignView(): Promise<void>
}

/**
 * Sign-in with the wallet (SPEC §4): which account and network have a session, and the sign,
 * decline and cancel paths of the SIWXSignMessage view.
 */
export class SiwxStore {
  /** The connected account's session on the active network, if it has one. */
  session: SiwxSession | undefined = undefined
  isSigning = false
  /** The last network a session was made or found on: where cancelling goes back to. */
  private lastSignedNetwork: string | undefined

  constructor(private readonly deps: SiwxStoreDeps) {
    makeObservable<SiwxStore, 'setSession'>(this, { session: observableRef, isSigning: observable, setSession: action })
  }

  /** The connected account has a session on the active network. */
  get hasSession(): boolean {
    return this.session !== undefined
  }

  /** Whether the view may be closed: not while signing is required and no session exists. */
  get closable(): boolean {
    return !(this.deps.required && !this.hasSession)
  }

  /**
   * Reads whether the active account has a session; true when it has one. An answer that comes
   * after the account or network changed is dropped (false): that change's own check decides.
   */
  async check(): Promise<boolean> {
    const { address, activeCaipNetworkId } = this.deps.connection
    if (!address || !activeCaipNetworkId) return this.setSession(undefined)
    let session: SiwxSession | undefined
    try {
      const sessions = await this.deps.storage.get(activeCaipNetworkId, address)
      session = Array.isArray(sessions) ? sessions[0] : undefined
    } catch {
      // A storage that fails (its server down, a 429) reads as no session: a required sign-in still asks.
      session = undefined
    }
    if (!this.isActive(address, activeCaipNetworkId)) return false
    if (session) this.lastSignedNetwork = activeCaipNetworkId
    return this.setSession(session)
  }

  /**
   * The host asks for a sign-in (`useLatchSession().signIn()`): the sign view opens for the
   * connected account, unless it already has a session on the active network.
   *
   * @throws SiwxNoAccountError with no connected account; SiwxNoNetworkError with no active network
   */
  async requestSignIn(): Promise<void> {
    this.signer()
    if (!this.hasSession) await this.deps.showSignView()
  }

  /** Signs the message, saves the session and closes; a declined signature shows 'Signature declined'. */
  async sign(): Promise<void> {
    if (this.isSigning) return
    const { connection, location } = this.deps
    let address: string, chainId: string
    try {
      ;({ address, chainId } = this.signer())
    } catch (error) {
      // Disconnected (from the wallet's side) while the view was open: say so rather than do
      // nothing. The error itself, not its English sentence: the snackbar says it by its code.
      return this.deps.showError(toKitError(error))
    }
    runInAction(() => (this.isSigning = true))
    try {
      // A server that keeps sessions issues the nonce it will check; else any fresh one does.
      const nonce = (await this.deps.storage.createNonce?.()) ?? createNonce()
      const data = { accountAddress: address, chainId, domain: location.host, uri: location.origin, nonce, issuedAt: new Date().toISOString() }
      const message = await createSiwxMessage({ ...data, address, statement: this.deps.statement })
      const signature = await connection.signMessage(message)
      const session = { data, message, signature, cacao: createCacao({ ...data, statement: this.deps.statement }, signature) }
      await this.deps.storage.add(session)
      // The visitor switched account or network while signing: the session is kept for the one
      // that signed, but the new one is not signed in by it (its own check decides).
      if (!this.isActive(address, chainId)) return
      this.lastSignedNetwork = chainId
      this.setSession(session)
      this.deps.close()
    } catch (error) {
      // Declining keeps the sign view, with the reason (SPEC §4); a sign-in that cannot start
      // or that the server refused disconnects (SPEC §8).
      if (error instanceof SiwxInitializeError) {
        this.deps.showError(error)
        await connection.disconnect().catch(() => {})
        this.deps.showConnect()
      } else if (error instanceof SignatureDeclinedError) this.deps.showError(error)
      else this.deps.showError(error instanceof KitError ? error : new SignatureDeclinedError({ cause: error }))
    } finally {
      runInAction(() => (this.isSigning = false))
    }
  }

  /** SPEC §4: back to the last network signed in on; else disconnect when required; else close. */
  async cancel(): Promise<void> {
    const { connection } = this.deps
    const back = this.lastSignedNetwork
    if (back && back !== connection.activeCaipNetworkId) {
      try {
        await connection.switchNetwork(back)
        this.deps.close()
        return
      } catch (error) {
        // The wallet refused the switch back: say so, then leave as if there were no network to return to.
        this.deps.showError(toKitError(error))
      }
    }
    if (this.deps.required) {
      try {
        await connection.disconnect()
      } catch (error) {
        this.deps.showError(toKitError(error))
        return
      }
    }
    this.deps.close()
  }

  /** Forgets the connected account's session on the active network (asked again when required). */
  async signOut(): Promise<void> {
    const { address, activeCaipNetworkId } = this.deps.connection
    if (!address || !activeCaipNetworkId) return
    try {
      await this.deps.storage.delete(activeCaipNetworkId, address)
    } finally {
      // Another account's session, shown since, is not the one forgotten.
      if (this.isActive(address, activeCaipNetworkId)) this.setSession(undefined)
    }
  }

  /** The account and network a sign-in is for, as SPEC §8 words their absence. */
  private signer(): { address: string; chainId: string } {
    const { address, activeCaipNetworkId: chainId } = this.deps.connection
    if (!address) throw new SiwxNoAccountError()
    if (!chainId) throw new SiwxNoNetworkError()
    return { address, chainId }
  }

  private isActive(address: string, caipNetworkId: string): boolean {
    return this.deps.connection.address === address && this.deps.connection.activeCaipNetworkId === caipNetworkId
  }

  private setSession(session: SiwxSession | undefined): boolean {
    this.session = session
    return session !== undefined
  }
}
