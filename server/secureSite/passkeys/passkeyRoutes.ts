import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Hex } from 'viem'
import type { SecureSiteUser } from '../EmailLogin.js'
import type { Passkeys } from './Passkeys.js'
import type { RecoveryShares } from './RecoveryShares.js'
import type { RecoveryVault } from '../recoveryVault/RecoveryVault.js'
import { vaultRoutes } from '../recoveryVault/vaultRoutes.js'
import { NoPasskeyError, PasskeyRefusedError } from './errors.js'
import type { ProjectStore } from '../../plugins/projects/ProjectStore.js'
import type { SessionTokens } from '../SessionTokens.js'
import type { DpopProofs } from '../DpopProofs.js'
import { deviceProof } from '../deviceProof.js'
import { publicUser } from '../publicUser.js'
import { LOGIN_CALL_PROPERTIES, loginRequestOf, type LoginCallFields } from '../loginRequestOf.js'

export interface PasskeyRouteOptions {
  passkeys: Passkeys
  recovery: RecoveryShares
  /** Automatic recovery's vault, when the backend has a vault key: a passkey takes its place. */
  vault?: RecoveryVault
  /** The DPoP-proven session's user (secureSiteApiRoutes' `signedIn`). */
  signedIn: (request: FastifyRequest) => Promise<{ user: SecureSiteUser }>
  /** What a passkey login needs to issue a session, as an email login does. */
  logins: { projects: ProjectStore; sessions: SessionTokens; proofs: DpopProofs; siteUrl: () => string; userById: (id: string) => Promise<SecureSiteUser | undefined> }
}

const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
// A WebAuthn response as @simplewebauthn/browser sends it; the library checks every field.
const WebAuthnResponse = { type: 'object', properties: { id: { type: 'string', maxLength: 1400 } }, required: ['id'] } as const
// A share sealed in the frame (12-byte IV, 16-byte tag, 33-byte share), base64url.
const SealedShare = { type: 'string', minLength: 80, maxLength: 96, pattern: '^[A-Za-z0-9_-]+$' } as const
const Share = { type: 'string', minLength: 40, maxLength: 48, pattern: '^[A-Za-z0-9_-]+$' } as const
const Ticket = { type: 'string', minLength: 32, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const
const Signature = { type: 'string', pattern: '^0x[0-9a-fA-F]{130}$' } as const
// A 64-byte ed25519 signature, base64url.
const Ed25519Signature = { type: 'string', minLength: 86, maxLength: 86, pattern: '^[A-Za-z0-9_-]+$' } as const
const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

/**
 * Passkeys on the secure site (KEY_SHARES.md, step 5); all but login from a DPoP-proven session:
 * - `POST /api/passkey/register/options` → WebAuthn creation options and the recovery share still
 *   sealed under the recovery secret (the frame's, or the vault's), which the frame re-seals under
 *   the passkey; finishing removes the vault's copy of the secret;
 * - `POST /api/passkey/register/finish` `{ response, sealedRecoveryShare }` → the registration is
 *   verified and the passkey-sealed share replaces the old one, in one transaction;
 * - `POST /api/share/recovery/options` → assertion options for the user's passkeys;
 * - `POST /api/share/recovery` `{ response }` → only after a verified assertion: the sealed
 *   recovery share and a one-use ticket for the re-split;
 * - `POST /api/share/reshare` `{ ticket, signature, authShare, sealedRecoveryShare, solana? }` → a
 *   new split's auth and recovery shares replace the old ones, the Solana seed's too when its own
 *   signature over the ticket comes with them (`RecoveryShares.reshare`);
 * - `POST /api/passkey/login/options` and `/verify` (no session; a DPoP proof, the project and
 *   page): a session for the passkey's user, as an email login gives.
 */
export function passkeyRoutes(app: FastifyInstance, { passkeys, recovery, vault, signedIn, logins }: PasskeyRouteOptions) {
  if (vault) vaultRoutes(app, { vault, recovery, signedIn })

  // Passkey login: like an email login, it names the project and page (`loginRequestOf`), binds the
  // session to the frame's device key (DPoP), and gives a wallet of that project only.
  app.post<{ Body: LoginCallFields }>(
    '/api/passkey/login/options',
    { schema: { body: bodyOf({ ...LOGIN_CALL_PROPERTIES }, ['projectId', 'appOrigin']) } },
    async (request) => {
      loginRequestOf(request, logins.projects, logins.siteUrl(), request.body)
      return passkeys.loginOptions()
    },
  )
  app.post<{ Body: LoginCallFields & { loginId: string; response: AuthenticationResponseJSON } }>(
    '/api/passkey/login/verify',
    { schema: { body: bodyOf({ loginId: { type: 'string', pattern: '^[0-9a-f-]{36}$' }, response: WebAuthnResponse, ...LOGIN_CALL_PROPERTIES }, ['loginId', 'response', 'projectId', 'appOrigin']) } },
    async (request) => {
      const loginCall = loginRequestOf(request, logins.projects, logins.siteUrl(), request.body)
      const jkt = await deviceProof(logins.proofs, request, logins.siteUrl())
      const user = await logins.userById(await passkeys.verifyLogin(request.body.loginId, request.body.response))
      // App-scoped wallets: a passkey of another project's wallet logs in nowhere here.
      if (!user || user.projectId !== loginCall.project.id) throw new PasskeyRefusedError({ reason: "not this project's wallet" })
      return { ...(await logins.sessions.issue(user.id, { jkt, projectId: loginCall.project.id, appOrigin: loginCall.appOrigin })), user: publicUser(user) }
    },
  )


  app.post('/api/passkey/register/options', async (request) => {
    const { user } = await signedIn(request)
    const sealed = await recovery.sealed(user.id)
    // One passkey seals the share for now: a second would need the first's secret (KEY_SHARES.md).
    if (sealed.holder !== 'recovery') throw new PasskeyRefusedError({ reason: 'a passkey already seals this wallet' })
    const seed = await recovery.sealedSolana(user.id)
    const solana = seed?.holder === 'recovery' ? { solanaAddress: seed.solanaAddress, solanaSealed: encode(seed.sealed) } : {}
    return { options: await passkeys.registrationOptions(user), recovery: { userId: user.id, evmAddress: sealed.evmAddress, sealed: encode(sealed.sealed), ...solana } }
  })

  app.post<{ Body: { response: RegistrationResponseJSON; sealedRecoveryShare: string; sealedSolanaRecoveryShare?: string } }>(
    '/api/passkey/register/finish',
    { schema: { body: bodyOf({ response: WebAuthnResponse, sealedRecoveryShare: SealedShare, sealedSolanaRecoveryShare: SealedShare }, ['response', 'sealedRecoveryShare']) } },
    async (request) => {
      const { user } = await signedIn(request)
      const credential = await passkeys.verifyRegistration(user.id, request.body.response)
      const sealed = Buffer.from(request.body.sealedRecoveryShare, 'base64url')
      const solanaSealed = request.body.sealedSolanaRecoveryShare === undefined ? undefined : Buffer.from(request.body.sealedSolanaRecoveryShare, 'base64url')
      // From now on only the passkey recovers this wallet: no server-side secret can (the vault forgets, in the same transaction).
      await recovery.sealUnderPasskey(user.id, sealed, solanaSealed, [passkeys.store(user.id, credential), ...(vault ? [vault.forget(user.id)] : [])])
      return { registered: true }
    },
  )

  app.post('/api/share/recovery/options', async (request) => {
    const { user } = await signedIn(request)
    if ((await recovery.sealed(user.id)).holder !== 'passkey' || !(await passkeys.has(user.id))) throw new NoPasskeyError()
    return { options: await passkeys.authenticationOptions(user.id) }
  })

  app.post<{ Body: { response: AuthenticationResponseJSON } }>(
    '/api/share/recovery',
    { schema: { body: bodyOf({ response: WebAuthnResponse }, ['response']) } },
    async (request) => {
      const { user } = await signedIn(request)
      const sealed = await recovery.sealed(user.id)
      if (sealed.holder !== 'passkey') throw new NoPasskeyError()
      await passkeys.verifyAuthentication(user.id, request.body.response)
      const seed = await recovery.sealedSolana(user.id)
      const solana = seed?.holder === 'passkey' ? { solanaAddress: seed.solanaAddress, sealedSolanaRecoveryShare: encode(seed.sealed) } : {}
      return { userId: user.id, evmAddress: sealed.evmAddress, sealedRecoveryShare: encode(sealed.sealed), ...solana, ticket: await recovery.issueTicket(user.id) }
    },
  )

  type SolanaReshare = { signature: string; authShare: string; sealedRecoveryShare: string }
  const SolanaReshareBody = bodyOf({ signature: Ed25519Signature, authShare: Share, sealedRecoveryShare: SealedShare }, ['signature', 'authShare', 'sealedRecoveryShare'])
  app.post<{ Body: { ticket: string; signature: Hex; authShare: string; sealedRecoveryShare: string; solana?: SolanaReshare } }>(
    '/api/share/reshare',
    { schema: { body: bodyOf({ ticket: Ticket, signature: Signature, authShare: Share, sealedRecoveryShare: SealedShare, solana: SolanaReshareBody }, ['ticket', 'signature', 'authShare', 'sealedRecoveryShare']) } },
    async (request) => {
      const { user } = await signedIn(request)
      const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'))
      const authShare = bytes(request.body.authShare)
      const given = request.body.solana
      const solana = given && { signature: bytes(given.signature), authShare: bytes(given.authShare), sealedRecoveryShare: Buffer.from(given.sealedRecoveryShare, 'base64url') }
      try {
        await recovery.reshare(user.id, { ticket: request.body.ticket, signature: request.body.signature, authShare, sealedRecoveryShare: Buffer.from(request.body.sealedRecoveryShare, 'base64url'), solana })
      } finally {
        authShare.fill(0)
        solana?.authShare.fill(0)
      }
      return { reshared: true }
    },
  )
}
