import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ProjectStore } from '../plugins/projects/ProjectStore.js'
import type { EmailLogin, SecureSiteUser } from './EmailLogin.js'
import type { EmailChange } from './EmailChange.js'
import type { SessionTokens, Session } from './SessionTokens.js'
import type { WalletOperations } from './WalletOperations.js'
import type { KeyEnrollment, KeyStore } from './KeyStore.js'
import { NoKeyShareError } from './masterSecretErrors.js'
import { SIGNING_METHODS, type SigningMethod } from './signingMethods.js'
import { InvalidProjectIdError } from '../plugins/requestGuards/errors.js'
import { SessionExpiredError } from './errors.js'
import type { DpopProofs } from './DpopProofs.js'
import { deviceProof } from './deviceProof.js'
import type { SocialLogin } from './SocialLogin.js'
import { publicUser } from './publicUser.js'
import { submitRoutes } from './submit/submitRoutes.js'
import { sessionOperationRoutes } from './submit/SessionOperations.js'
import { LOGIN_CALL_PROPERTIES, loginRequestFor, loginRequestOf, type LoginCallFields } from './loginRequestOf.js'
import { passkeyRoutes, type PasskeyRouteOptions } from './passkeys/passkeyRoutes.js'

export interface SecureSiteApiOptions {
  projects: ProjectStore
  login: EmailLogin
  emailChange: EmailChange
  sessions: SessionTokens
  /** Checks each request's DPoP proof from the frame's device key. */
  proofs: DpopProofs
  wallet: WalletOperations
  /** The users' keys: for a key kept in shares, its enrollment and auth share (KEY_SHARES.md). */
  keys: KeyStore
  /** Social users' provider, name and email. */
  social: SocialLogin
  /** The secure site's own URL, known once it listens (for the emailed approval links). */
  siteUrl: () => string
  /** Passkeys as the recovery factor of split keys (KEY_SHARES.md); absent while keys are whole. */
  passkeys?: Omit<PasskeyRouteOptions, 'signedIn' | 'logins'>
}

// A deliberately plain shape: the frame checks the address itself; this only keeps junk out.
const Email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const
const DeviceId = { type: 'string', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const
/** The kit's language for the login emails ('ar', 'pt-BR'). */
const MailLocale = { type: 'string', maxLength: 35, pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8}){0,3}$' } as const
const ChainId = { type: 'string', minLength: 3, maxLength: 100, pattern: '^(eip155:[0-9]{1,12}|solana:[1-9A-HJ-NP-Za-km-z]{1,44})$' } as const
const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })

/**
 * The secure site's JSON API, for its own frame page (same origin): email login (start, device
 * status, code; each names its project and page, `loginRequestOf`), the signed-in user, safe RPC
 * reads, approved signatures, session refresh and sign-out. A session travels as
 * `Authorization: DPoP <jwt>` with a `DPoP` proof from the key it is bound to (RFC 9449); a
 * missing, forged, expired or ended token, or one without its key's proof, is 401 'Session
 * Expired'.
 */
export const secureSiteApiRoutes: FastifyPluginAsync<SecureSiteApiOptions> = async (app, { projects, login, emailChange, sessions, proofs, wallet, keys, social, siteUrl, passkeys }) => {
  const signedIn = async (request: FastifyRequest): Promise<{ session: Session; user: SecureSiteUser }> => {
    const header = request.headers.authorization
    const token = header?.startsWith('DPoP ') ? header.slice(5) : undefined
    if (!token) throw new SessionExpiredError()
    // A token without its key's proof is as good as none: the same 401, so a thief learns nothing.
    const jkt = await deviceProof(proofs, request, siteUrl(), { accessToken: token, boundTo: await sessions.boundKey(token) }).catch((error: unknown) => {
      throw new SessionExpiredError({ cause: error })
    })
    const session = await sessions.verify(token, jkt)
    const user = await login.userById(session.userId)
    if (!user) throw new SessionExpiredError()
    return { session, user }
  }

  app.get<{ Querystring: { projectId: string } }>(
    '/api/project',
    { schema: { querystring: bodyOf({ projectId: { type: 'string', minLength: 1, maxLength: 100 } }, ['projectId']) } },
    async (request) => {
      const project = projects.get(request.query.projectId)
      if (!project) throw new InvalidProjectIdError()
      return { allowedOrigins: project.allowedOrigins }
    },
  )

  // Login calls name the project and the embedding page, and must come from the frame itself (loginRequestOf).
  type LoginBody<T> = T & LoginCallFields
  const loginRequest = (request: FastifyRequest<{ Body: LoginCallFields }>) => loginRequestOf(request, projects, siteUrl(), request.body)

  app.post<{ Body: LoginBody<{ email: string; deviceId: string; locale?: string }> }>(
    '/api/email/start',
    { schema: { body: bodyOf({ email: Email, deviceId: DeviceId, locale: MailLocale, ...LOGIN_CALL_PROPERTIES }, ['email', 'deviceId', 'projectId', 'appOrigin']) } },
    // `locale`: the kit's language, which the login emails are written in (English when absent).
    async (request) => login.start(request.body.email.toLowerCase(), request.body.deviceId, { ...loginRequest(request), locale: request.body.locale }, siteUrl()),
  )

  // A POST, not a GET: browsers send Origin with every POST, never with a same-origin GET.
  app.post<{ Body: LoginBody<{ email: string; deviceId: string }> }>(
    '/api/device/status',
    { schema: { body: bodyOf({ email: Email, deviceId: DeviceId, ...LOGIN_CALL_PROPERTIES }, ['email', 'deviceId', 'projectId', 'appOrigin']) } },
    async (request) => ({ approved: await login.isDeviceApproved(loginRequest(request).project.id, request.body.email.toLowerCase(), request.body.deviceId) }),
  )

  app.post<{ Body: LoginBody<{ email: string; deviceId: string; otp: string }> }>(
    '/api/otp/verify',
    { schema: { body: bodyOf({ email: Email, deviceId: DeviceId, otp: { type: 'string', pattern: '^[0-9]{6}$' }, ...LOGIN_CALL_PROPERTIES }, ['email', 'deviceId', 'otp', 'projectId', 'appOrigin']) } },
    async (request) => {
      // The login request is checked first, then the device key's proof, then the code: a call that
      // fails either check never uses the code up.
      const loginCall = loginRequest(request)
      const jkt = await deviceProof(proofs, request, siteUrl())
      const user = await login.verify(request.body.email.toLowerCase(), request.body.deviceId, request.body.otp, loginCall)
      return { ...(await sessions.issue(user.id, { jkt, projectId: loginCall.project.id, appOrigin: loginCall.appOrigin })), user: publicUser(user) }
    },
  )

  app.get('/api/user', async (request) => {
    const { user } = await signedIn(request)
    // Whether a passkey seals the wallet: the modal then offers recovery with it, not a second passkey.
    return { ...publicUser(user, (await social.userById(user.id))?.profile), ...(passkeys ? { hasPasskey: await passkeys.passkeys.has(user.id) } : {}) }
  })

  // SPEC §4: the account the user acts with per chain, their preferred type, and where smart accounts exist.
  const AccountType = { type: 'string', enum: ['eoa', 'smartAccount'] } as const
  app.get<{ Querystring: { chainId: string; wish?: 'eoa' | 'smartAccount' } }>(
    '/api/account',
    { schema: { querystring: bodyOf({ chainId: ChainId, wish: AccountType }, ['chainId']) } },
    async (request) => wallet.account((await signedIn(request)).user, request.query.chainId, request.query.wish),
  )
  app.post<{ Body: { chainId: string; type: 'eoa' | 'smartAccount' } }>(
    '/api/account/preferred',
    { schema: { body: bodyOf({ chainId: ChainId, type: AccountType }, ['chainId', 'type']) } },
    async (request) => wallet.setPreferredType((await signedIn(request)).user, request.body.chainId, request.body.type),
  )
  app.get('/api/smart-account/networks', async (request) => {
    await signedIn(request)
    return { chainIds: wallet.smartAccountChainIds() }
  })

  app.post<{ Body: { chainId: string; method: string; params?: unknown } }>(
    '/api/rpc',
    { schema: { body: bodyOf({ chainId: ChainId, method: { type: 'string', minLength: 1, maxLength: 64 }, params: {} }, ['chainId', 'method']) } },
    async (request) => {
      const { user } = await signedIn(request)
      return { result: await wallet.read(user, request.body.chainId, request.body.method, request.body.params) }
    },
  )

  // Whole keys only (made before the split): a key kept in shares is never assembled here (403 SIGN_IN_FRAME).
  app.post<{ Body: { chainId: string; method: SigningMethod; params?: unknown } }>(
    '/api/sign',
    { schema: { body: bodyOf({ chainId: ChainId, method: { type: 'string', enum: [...SIGNING_METHODS] }, params: {} }, ['chainId', 'method']) } },
    async (request) => {
      const { user } = await signedIn(request)
      return { result: await wallet.sign(user, request.body.chainId, request.body.method, request.body.params) }
    },
  )

  // Keys kept in shares: the frame signs, these routes send what it signed (KEY_SHARES.md).
  submitRoutes(app, { signedIn, submissions: wallet.submissions })
  sessionOperationRoutes(app, { signedIn, sessions: wallet.sessionOperations })

  // KEY_SHARES.md. A new split key's device share and recovery secret, once, to the frame of its
  // first session; later calls get none.
  const encodeEnrollment = (enrollment: KeyEnrollment) => {
    const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
    const solana = enrollment.solanaShare && enrollment.solanaAddress ? { solanaShare: encode(enrollment.solanaShare), solanaAddress: enrollment.solanaAddress } : {}
    const recovery = enrollment.recoverySecret ? { recoverySecret: encode(enrollment.recoverySecret) } : {}
    return { evmAddress: enrollment.evmAddress, deviceShare: encode(enrollment.deviceShare), ...recovery, ...solana }
  }
  // A whole key from before keys were split is split at its user's login, its shares to this frame (`/api/share/migrate`).
  for (const path of ['/api/share/enroll', '/api/share/migrate'])
    app.post(path, async (request) => {
      const { user } = await signedIn(request)
      const enrollment = path === '/api/share/enroll' ? await keys.takeEnrollment?.(user.id) : await keys.migrate?.(user.id)
      return { enrollment: enrollment ? encodeEnrollment(enrollment) : null }
    })

  // The auth share, released only to a session proven with its device key (signedIn), for one operation in the frame.
  app.post('/api/share', async (request) => {
    const { user } = await signedIn(request)
    const share = await keys.authShare?.(user.id)
    if (!share) throw new NoKeyShareError()
    const solana = await keys.solanaAuthShare?.(user.id)
    const encode = (bytes: Uint8Array) => {
      const text = Buffer.from(bytes).toString('base64url')
      bytes.fill(0)
      return text
    }
    return { authShare: encode(share), ...(solana ? { solanaAuthShare: encode(solana) } : {}) }
  })

  if (passkeys) passkeyRoutes(app, { ...passkeys, signedIn, logins: { projects, sessions, proofs, siteUrl, userById: (id) => login.userById(id) } })

  // Email change: a code to the current address, then one to the new address; the mails name the
  // user's project, the page (on its allow-list) and the device.
  const Otp = { type: 'string', pattern: '^[0-9]{6}$' }
  const AppOrigin = LOGIN_CALL_PROPERTIES.appOrigin
  const changeRequest = (request: FastifyRequest, user: SecureSiteUser, appOrigin: string) => {
    const project = projects.get(user.projectId)
    if (!project) throw new InvalidProjectIdError()
    return loginRequestFor(request, project, siteUrl(), appOrigin)
  }
  // `locale`: the frame's language (the kit's), which the change's emails are written in.
  app.post<{ Body: { email: string; appOrigin: string; locale?: string } }>(
    '/api/email/change',
    { schema: { body: bodyOf({ email: Email, appOrigin: AppOrigin, locale: MailLocale }, ['email', 'appOrigin']) } },
    async (request) => {
      const { user } = await signedIn(request)
      return emailChange.start(user, request.body.email.toLowerCase(), { ...changeRequest(request, user, request.body.appOrigin), locale: request.body.locale })
    },
  )
  app.post<{ Body: { otp: string; appOrigin: string; locale?: string } }>('/api/email/change/primary', { schema: { body: bodyOf({ otp: Otp, appOrigin: AppOrigin, locale: MailLocale }, ['otp', 'appOrigin']) } }, async (request) => {
    const { user } = await signedIn(request)
    await emailChange.verifyPrimary(user, request.body.otp, { ...changeRequest(request, user, request.body.appOrigin), locale: request.body.locale })
    return { action: 'VERIFY_SECONDARY_OTP' }
  })
  app.post<{ Body: { otp: string } }>('/api/email/change/secondary', { schema: { body: bodyOf({ otp: Otp }, ['otp']) } }, async (request) => {
    const { user, session } = await signedIn(request)
    return emailChange.verifySecondary(user, request.body.otp, session)
  })

  // Rotation: the refresh token is exchanged once, with a proof from the session's own key.
  app.post<{ Body: { refreshToken: string } }>(
    '/api/session/refresh',
    { schema: { body: bodyOf({ refreshToken: { type: 'string', minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } }, ['refreshToken']) } },
    async (request) => {
      const boundTo = await sessions.refreshKey(request.body.refreshToken)
      const jkt = await deviceProof(proofs, request, siteUrl(), { boundTo }).catch((error: unknown) => {
        throw new SessionExpiredError({ cause: error })
      })
      return sessions.refresh(request.body.refreshToken, jkt)
    },
  )

  app.post('/api/sign-out', async (request) => {
    const { session } = await signedIn(request)
    await sessions.end(session)
    return { signedOut: true }
  })

  app.post('/api/sign-out/everywhere', async (request) => {
    const { user } = await signedIn(request)
    await sessions.endAll(user.id)
    return { signedOut: true }
  })
}
