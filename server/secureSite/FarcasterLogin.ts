import { createHash, randomBytes } from 'node:crypto'
import { generateSiweNonce } from 'viem/siwe'
import type { SecureSiteUser } from './EmailLogin.js'
import type { SocialLogin, SocialProfile } from './SocialLogin.js'
import { FarcasterRelayError } from '../farcaster/FarcasterRelay.js'
import type { FarcasterConnect, IdRegistry } from '../farcaster/FarcasterConnect.js'
import { verifySiwfMessage } from '../farcaster/verifySiwfMessage.js'
import { SocialLoginFailedError, SocialResultInvalidError } from './errors.js'
import { memoryExpiringStore, type ExpiringStore } from '../plugins/redis/ExpiringStore.js'

/** A Farcaster login started must be approved within this long (the relay's channel lives as long). */
export const FARCASTER_LOGIN_TTL_MS = 10 * 60_000
/** Farcaster accounts share the social accounts table: issuer names the ID registry, subject is the fid. */
const ISSUER = 'farcaster'

interface Pending {
  channelToken: string
  domain: string
  nonce: string
  createdAt: number
  /** Where the login was started: the user is this project's, and the session records both. */
  projectId: string
  appOrigin: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Farcaster login on the secure site (SPEC §4, Sign In With Farcaster): the secure site is the
 * relying party. It opens a channel on the Farcaster Connect relay with the page's host as
 * domain and its own nonce, and hands the frame the channel's `farcaster://connect` URL plus a
 * secret the page never sees; the frame polls with that secret until the visitor's Farcaster
 * client has approved, then the message is checked here again (domain, nonce, custody
 * signature) before the user (by fid, in the project that asked) gets a session.
 */
export class FarcasterLogin {
  readonly #relay: FarcasterConnect
  readonly #registry: IdRegistry
  readonly #social: SocialLogin
  /** Pending logins by the hash of the frame's secret, short-lived: in memory, or in the shared Redis so that any instance answers the frame's polls. */
  readonly #pending: ExpiringStore<Pending>

  /**
   * @param relay - the Farcaster Connect relay (local in dev mode, or a configured one)
   * @param registry - the ID registry the custody address is read from (the local stand-in, or on chain)
   * @param social - where Farcaster accounts live: the social accounts table, issuer 'farcaster'
   * @param pending - where started logins wait (`openExpiringStore`); this process's memory by default
   */
  constructor({ relay, registry, social, pending = memoryExpiringStore() }: { relay: FarcasterConnect; registry: IdRegistry; social: SocialLogin; pending?: ExpiringStore<Pending> }) {
    this.#relay = relay
    this.#registry = registry
    this.#social = social
    this.#pending = pending
  }

  /**
   * @param projectId - the project whose user logs in (each project has its own users)
   * @param appOrigin - the page's origin, already checked against the project's allow-list
   */
  async start(projectId: string, appOrigin: string): Promise<{ url: string; loginSecret: string }> {
    const now = Date.now()
    const domain = new URL(appOrigin).host
    const nonce = generateSiweNonce()
    const { channelToken, url } = await this.#relay.createChannel({
      domain,
      siweUri: appOrigin,
      nonce,
      expirationTime: new Date(now + FARCASTER_LOGIN_TTL_MS).toISOString(),
    })
    const loginSecret = randomBytes(32).toString('base64url')
    await this.#pending.put(sha256(loginSecret), { channelToken, domain, nonce, createdAt: now, projectId, appOrigin }, FARCASTER_LOGIN_TTL_MS)
    return { url, loginSecret }
  }

  /**
   * One look at the channel: pending, or the approved visitor (once; the login then ends).
   *
   * @returns `{pending: true}` or the user (and where the login was started); `SocialResultInvalidError` for an unknown or expired
   *   login, `SocialLoginFailedError` when the approval does not hold up here
   */
  async poll(loginSecret: string): Promise<{ pending: true } | { user: SecureSiteUser & { profile: SocialProfile }; projectId: string; appOrigin: string }> {
    const key = sha256(loginSecret)
    const pending = await this.#pending.get(key)
    if (!pending || pending.createdAt + FARCASTER_LOGIN_TTL_MS <= Date.now()) throw new SocialResultInvalidError()
    let status
    try {
      status = await this.#relay.status(pending.channelToken)
    } catch (error) {
      await this.#pending.take(key)
      throw error instanceof FarcasterRelayError ? new SocialResultInvalidError() : error
    }
    if (status.state === 'pending') return { pending: true }
    // Once: of two polls that both saw the approval (on two instances), one takes the login.
    if (!(await this.#pending.take(key))) throw new SocialResultInvalidError()
    await this.#relay.close(pending.channelToken)
    // The relay checked it; the relying party checks again for itself, against the ID registry, before trusting the fid.
    const custody = await this.#registry.custodyOf(status.fid)
    const problem = custody
      ? await verifySiwfMessage({ message: status.message, signature: status.signature, fid: status.fid, custody, domain: pending.domain, nonce: pending.nonce })
      : 'the fid has no custody address'
    if (problem) throw new SocialLoginFailedError({ cause: new Error(problem) })
    const name = status.username?.trim().slice(0, 100) || null
    const user = await this.#social.socialUser({ projectId: pending.projectId, provider: 'farcaster', issuer: ISSUER, subject: String(status.fid) }, name, null)
    return { user, projectId: pending.projectId, appOrigin: pending.appOrigin }
  }
}
