import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server'
import { randomUUID } from 'node:crypto'
import type { Storage } from '../../plugins/database/index.js'
import { PasskeyRefusedError } from './errors.js'
import { memoryExpiringStore, type ExpiringStore } from '../../plugins/redis/ExpiringStore.js'

/** How long a ceremony's challenge waits for its answer. */
const CHALLENGE_TTL_MS = 5 * 60_000
/** Pending challenges kept at most: login options need no session, so a flood drops the oldest instead of growing the map. */
const MAX_PENDING = 10_000

interface CredentialRow {
  credential_id: string
  public_key: Buffer
  counter: number
  transports: string
}

type Purpose = 'register' | 'authenticate' | 'login'

/** Where the secure site runs: its origin (clientDataJSON's) and the RP ID (its host name). */
export interface RelyingParty {
  origin: () => string
}

/**
 * The users' passkeys on the secure site (`@simplewebauthn/server`): registration and assertion
 * ceremonies, with the RP ID the secure site's own host, user verification required, and each
 * challenge used once. Only public keys are stored (`secure_site_passkeys`). Pending challenges
 * live in this process, or in the shared Redis (`--redis`) so that a ceremony's second request may
 * reach another instance.
 */
export class Passkeys {
  readonly #storage: Storage
  readonly #rp: RelyingParty
  readonly #challenges: ExpiringStore<string>

  /** @param challenges - where pending challenges wait (`openExpiringStore`); this process's memory by default */
  constructor(storage: Storage, rp: RelyingParty, challenges: ExpiringStore<string> = memoryExpiringStore({ maxEntries: MAX_PENDING })) {
    this.#storage = storage
    this.#rp = rp
    this.#challenges = challenges
  }

  async has(userId: string): Promise<boolean> {
    return (await this.#credentials(userId)).length > 0
  }

  async registrationOptions(user: { id: string; email?: string | null }): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const options = await generateRegistrationOptions({
      rpName: 'Latch wallet',
      rpID: this.#rpId(),
      userName: user.email ?? `wallet ${user.id.slice(0, 8)}`,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: (await this.#credentials(user.id)).map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    await this.#expect(user.id, 'register', options.challenge)
    return options
  }

  /** Checks a registration against this user's pending challenge; returns the credential to store (`store`). */
  async verifyRegistration(userId: string, response: RegistrationResponseJSON): Promise<WebAuthnCredential> {
    const expectedChallenge = await this.#take(userId, 'register')
    const verified = await verifyRegistrationResponse({ response, expectedChallenge, expectedOrigin: this.#rp.origin(), expectedRPID: this.#rpId(), requireUserVerification: true }).catch(
      (error: unknown) => {
        throw new PasskeyRefusedError({ reason: 'registration not verified', cause: error })
      },
    )
    if (!verified.verified) throw new PasskeyRefusedError({ reason: 'registration not verified' })
    return verified.registrationInfo.credential
  }

  /** The statement that stores a verified credential: run it in the caller's transaction (`RecoveryShares.sealUnderPasskey`). */
  store(userId: string, credential: WebAuthnCredential) {
    return this.#storage.db
      .insertInto('secure_site_passkeys')
      .values({ credential_id: credential.id, user_id: userId, public_key: Buffer.from(credential.publicKey), counter: credential.counter, transports: JSON.stringify(credential.transports ?? []), created_at: Date.now() })
  }

  async authenticationOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.#rpId(),
      allowCredentials: (await this.#credentials(userId)).map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as string[] })),
      userVerification: 'required',
    })
    await this.#expect(userId, 'authenticate', options.challenge)
    return options
  }

  /** Checks an assertion by one of this user's passkeys against their pending challenge (used up either way). */
  async verifyAuthentication(userId: string, response: AuthenticationResponseJSON): Promise<void> {
    const expectedChallenge = await this.#take(userId, 'authenticate')
    const row = (await this.#credentials(userId)).find((candidate) => candidate.credential_id === response.id)
    if (!row) throw new PasskeyRefusedError({ reason: 'unknown credential' })
    await this.#verifyAssertion(row, response, expectedChallenge)
  }

  /** Options for a passkey login: no session yet, so any of the site's passkeys may answer (discoverable); the challenge is kept under a fresh login id. */
  async loginOptions(): Promise<{ loginId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const options = await generateAuthenticationOptions({ rpID: this.#rpId(), userVerification: 'required' })
    const loginId = randomUUID()
    await this.#expect(loginId, 'login', options.challenge)
    return { loginId, options }
  }

  /**
   * Checks a passkey login's assertion against its login's challenge (used up either way).
   *
   * @returns the id of the user the passkey belongs to
   */
  async verifyLogin(loginId: string, response: AuthenticationResponseJSON): Promise<string> {
    const expectedChallenge = await this.#take(loginId, 'login')
    const row = await this.#storage.db
      .selectFrom('secure_site_passkeys')
      .select(['credential_id', 'user_id', 'public_key', 'counter', 'transports'])
      .where('credential_id', '=', response.id)
      .executeTakeFirst()
    if (!row) throw new PasskeyRefusedError({ reason: 'unknown credential' })
    await this.#verifyAssertion(row, response, expectedChallenge)
    return row.user_id
  }

  async #verifyAssertion(row: CredentialRow, response: AuthenticationResponseJSON, expectedChallenge: string) {
    const credential = { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: row.counter, transports: JSON.parse(row.transports) as string[] }
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: this.#rp.origin(),
      expectedRPID: this.#rpId(),
      credential,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw new PasskeyRefusedError({ reason: 'assertion not verified', cause: error })
    })
    if (!verified.verified) throw new PasskeyRefusedError({ reason: 'assertion not verified' })
    await this.#storage.db.updateTable('secure_site_passkeys').set({ counter: verified.authenticationInfo.newCounter }).where('credential_id', '=', row.credential_id).execute()
  }

  #rpId(): string {
    return new URL(this.#rp.origin()).hostname
  }

  #credentials(userId: string): Promise<CredentialRow[]> {
    return this.#storage.db.selectFrom('secure_site_passkeys').select(['credential_id', 'public_key', 'counter', 'transports']).where('user_id', '=', userId).orderBy('created_at').execute()
  }

  /** Keeps a ceremony's challenge under its owner: a user id, or a login id before there is a user. */
  #expect(userId: string, purpose: Purpose, challenge: string): Promise<void> {
    return this.#challenges.put(`${purpose}:${userId}`, challenge, CHALLENGE_TTL_MS)
  }

  /** The pending challenge, removed: a response is checked against it once. */
  async #take(userId: string, purpose: Purpose): Promise<string> {
    const challenge = await this.#challenges.take(`${purpose}:${userId}`)
    if (challenge === undefined) throw new PasskeyRefusedError({ reason: 'no challenge pending' })
    return challenge
  }
}
