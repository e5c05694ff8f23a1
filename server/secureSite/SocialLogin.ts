import { createHash, randomBytes, randomUUID } from 'node:crypto'
import * as oidc from 'openid-client'
import { atomically, someRow, type Storage } from '../plugins/database/index.js'
import type { KeyStore } from './KeyStore.js'
import type { SecureSiteUser } from './EmailLogin.js'
import { isOAuth2Config, issuerOf, type OAuthSocialProvider, type SocialClients } from './SocialClients.js'
import { readOAuthProfile } from './readOAuthProfile.js'
import { SocialCallbackInvalidError, SocialLoginFailedError, SocialResultInvalidError } from './errors.js'

/** A login started must come back from the provider within this long. */
export const SOCIAL_LOGIN_TTL_MS = 10 * 60_000
/** The popup's result must be redeemed by the frame within this long. */
export const SOCIAL_RESULT_TTL_MS = 2 * 60_000
const SCOPE = 'openid profile email'

/** What the popup's callback page hands its opener: the page's origin and the result (or the failure). */
export type SocialCallbackOutcome = { appOrigin: string; result: string } | { appOrigin: string; error: string }

/** A social user's profile as the frame reports it. */
export interface SocialProfile {
  /** An OpenID provider, or 'farcaster' (FarcasterLogin shares the accounts table). */
  provider: OAuthSocialProvider | 'farcaster'
  username: string | undefined
  email: string | undefined
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const token = () => randomBytes(32).toString('base64url')

/**
 * Social login on the secure site (SPEC §4), as a standard OpenID Connect client: authorization
 * code with PKCE (S256), state and nonce kept server-side per login. The frame starts a login and
 * keeps a secret the page never sees; the provider's redirect lands on the secure site, which
 * exchanges the code, verifies the id token and hands the page a one-time result; the frame
 * redeems that result only together with its secret, so a result seen elsewhere is worthless.
 */
export class SocialLogin {
  readonly #storage: Storage
  readonly #keys: KeyStore
  readonly #clients: SocialClients

  /**
   * @param db - the SQLite file: users and their social accounts
   * @param storage - the storage layer: logins in progress and their one-time results
   */
  constructor({ storage, keys, clients }: { storage: Storage; keys: KeyStore; clients: SocialClients }) {
    this.#storage = storage
    this.#keys = keys
    this.#clients = clients
  }

  /**
   * Starts a login: the provider's authorization URL (for the popup) and the frame's secret.
   *
   * @param redirectUri - the secure site's callback (`<site>/social/callback`)
   * @param projectId - the project whose user logs in (each project has its own users)
   * @param appOrigin - the page's origin, already checked against the project's allow-list
   */
  async start(provider: OAuthSocialProvider, redirectUri: string, projectId: string, appOrigin: string): Promise<{ uri: string; loginSecret: string }> {
    const config = await this.#clients.configuration(provider)
    const given = this.#clients.configOf(provider)
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const loginSecret = token()
    const now = Date.now()
    await this.#storage.db.deleteFrom('secure_site_social_logins').where('created_at', '<', now - SOCIAL_LOGIN_TTL_MS).execute()
    await this.#storage.db
      .insertInto('secure_site_social_logins')
      .values({ state, project_id: projectId, provider, code_verifier: verifier, nonce, app_origin: appOrigin, login_secret_hash: sha256(loginSecret), created_at: now })
      .execute()
    // Plain OAuth 2.0 has no id token, so no nonce: state and PKCE bind the code to this login.
    const uri = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: isOAuth2Config(given) ? given.scope : SCOPE,
      state,
      ...(isOAuth2Config(given) ? {} : { nonce }),
      ...(!isOAuth2Config(given) && given.responseMode ? { response_mode: given.responseMode } : {}),
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    return { uri: uri.href, loginSecret }
  }

  /**
   * The provider redirected the popup here: checks state (one use), exchanges the code with the
   * PKCE verifier, verifies the id token and its nonce, then creates or loads the user.
   *
   * @param callbackUrl - the full callback URL the browser requested
   * @param resultBase - where the result URI points (the secure site's own origin)
   * @returns where to post and what; `SocialCallbackInvalidError` for an unknown or used state
   */
  async complete(callbackUrl: URL, resultBase: string): Promise<SocialCallbackOutcome> {
    const state = callbackUrl.searchParams.get('state') ?? ''
    const now = Date.now()
    // One use, success or not, taken in one statement: a replayed callback finds nothing.
    const row = state
      ? await this.#storage.db
          .updateTable('secure_site_social_logins')
          .set({ completed_at: now })
          .where('state', '=', state)
          .where('completed_at', 'is', null)
          .where('project_id', 'is not', null)
          .where('created_at', '>', now - SOCIAL_LOGIN_TTL_MS)
          .returning(['project_id', 'provider', 'code_verifier', 'nonce', 'app_origin'])
          .executeTakeFirst()
      : undefined
    if (!row || row.project_id === null) throw new SocialCallbackInvalidError()
    const provider = row.provider as OAuthSocialProvider
    let account: { issuer: string; subject: string; username: string | null; email: string | null }
    try {
      const config = await this.#clients.configuration(provider)
      const given = this.#clients.configOf(provider)
      if (isOAuth2Config(given)) {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: row.code_verifier, expectedState: state, idTokenExpected: false })
        account = { issuer: issuerOf(given), ...(await readOAuthProfile(config, given, tokens.access_token)) }
      } else {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: row.code_verifier,
          expectedState: state,
          expectedNonce: row.nonce,
          idTokenExpected: true,
        })
        account = this.#accountOf(tokens.claims()!)
      }
    } catch (error) {
      await this.#storage.db.deleteFrom('secure_site_social_logins').where('state', '=', state).execute()
      return { appOrigin: row.app_origin, error: new SocialLoginFailedError({ cause: error }).shortMessage }
    }
    const user = await this.socialUser({ projectId: row.project_id, provider, issuer: account.issuer, subject: account.subject }, account.username, account.email)
    const result = token()
    await this.#storage.db.updateTable('secure_site_social_logins').set({ result_hash: sha256(result), user_id: user.id }).where('state', '=', state).execute()
    return { appOrigin: row.app_origin, result: `${resultBase}/social/result?${new URLSearchParams({ token: result })}` }
  }

  /**
   * The frame redeems the popup's result with its own secret (once).
   *
   * @returns the user and the page origin the login was started for (its session records it);
   *   `SocialResultInvalidError` for a wrong, used or stale pair
   */
  async redeem(resultUri: string, loginSecret: string): Promise<{ user: SecureSiteUser & { profile: SocialProfile }; appOrigin: string }> {
    const result = URL.canParse(resultUri) ? (new URL(resultUri).searchParams.get('token') ?? '') : ''
    // Found and taken in one statement: of 50 redemptions at once, one deletes the row, the others find none.
    const row = await this.#storage.db
      .deleteFrom('secure_site_social_logins')
      .where('result_hash', '=', sha256(result))
      .where('login_secret_hash', '=', sha256(loginSecret))
      .where('user_id', 'is not', null)
      .where('completed_at', '>', Date.now() - SOCIAL_RESULT_TTL_MS)
      .returning(['user_id', 'app_origin'])
      .executeTakeFirst()
    if (!row || row.user_id === null) throw new SocialResultInvalidError()
    const user = await this.userById(row.user_id)
    if (!user) throw new SocialResultInvalidError()
    return { user, appOrigin: row.app_origin }
  }

  /** A social user with their profile; undefined for an email user. */
  async userById(id: string): Promise<(SecureSiteUser & { profile: SocialProfile }) | undefined> {
    const row = await this.#storage.db
      .selectFrom('secure_site_users as u')
      .innerJoin('secure_site_social_accounts as s', 's.user_id', 'u.id')
      .select(['u.id', 'u.project_id', 'u.evm_address', 'u.solana_address', 's.provider', 's.username', 's.email'])
      .where('u.id', '=', id)
      .executeTakeFirst()
    if (!row) return undefined
    return {
      id: row.id,
      projectId: row.project_id,
      email: null,
      evmAddress: row.evm_address as `0x${string}`,
      solanaAddress: row.solana_address,
      profile: { provider: row.provider as SocialProfile['provider'], username: row.username ?? undefined, email: row.email ?? undefined },
    }
  }

  /** The OpenID account (issuer + subject) names the user in this project; name and email follow the provider's latest. */
  #accountOf(claims: oidc.IDToken) {
    const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null)
    return { issuer: claims.iss, subject: claims.sub, username: text(claims.preferred_username, 100) ?? text(claims.name, 100), email: text(claims.email, 254) }
  }

  /**
   * The user of one social account (OpenID or Farcaster) in one project, created with their keys
   * the first time: the same account on another project is another user with another wallet.
   */
  async socialUser(
    account: { projectId: string; provider: SocialProfile['provider']; issuer: string; subject: string },
    username: string | null,
    email: string | null,
  ): Promise<SecureSiteUser & { profile: SocialProfile }> {
    const { projectId, provider, issuer, subject } = account
    const db = this.#storage.db
    const known = await db
      .selectFrom('secure_site_social_accounts')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('provider', '=', provider)
      .where('issuer', '=', issuer)
      .where('subject', '=', subject)
      .executeTakeFirst()
    if (!known) {
      const id = randomUUID()
      const addresses = await this.#keys.createKeys(id)
      // The account's row first, ON CONFLICT DO NOTHING: of two first logins at once, one makes the user.
      const created = await atomically(this.#storage, [
        { query: db.insertInto('secure_site_social_accounts').values({ project_id: projectId, provider, issuer, subject, user_id: id, username, email }).onConflict((conflict) => conflict.doNothing()).returning('user_id'), expect: someRow },
        { query: db.insertInto('secure_site_users').values({ id, project_id: projectId, email: null, evm_address: addresses.evmAddress, solana_address: addresses.solanaAddress, created_at: Date.now() }) },
      ])
      if (created) return (await this.userById(id))!
    }
    const existing = known ?? (await db.selectFrom('secure_site_social_accounts').select('user_id').where('project_id', '=', projectId).where('provider', '=', provider).where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirstOrThrow())
    await db.updateTable('secure_site_social_accounts').set({ username, email }).where('user_id', '=', existing.user_id).execute()
    return (await this.userById(existing.user_id))!
  }
}
