import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { NonceExpiredError, NonceUnknownError, NonceUsedError, SignatureMismatchError, SignInChainUnsupportedError, SignInOriginNotAllowedError, SignInSessionInvalidError, SignInSessionMismatchError } from './errors.js'
import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import { getAddress, type Hex } from 'viem'
import { parseSiweMessage, verifySiweMessage } from 'viem/siwe'
import { createStrictValidatorCompiler } from '../admin/createStrictValidatorCompiler.js'
import { chainUnavailableAnswer } from '../plugins/errorHandler/chainUnavailableAnswer.js'
import { isOriginAllowed } from '../plugins/requestGuards/isOriginAllowed.js'
import { AddressString, CaipNetworkIdString, SignatureString, projectProperties } from '../http/schemas.js'
import { checkSiweMessage } from './siwxMessageChecks.js'
import { parseSolanaSignInMessage, verifySolanaSignature } from './siwxSolana.js'
import { loadSiwxKey, type SiwxSessionRow } from './siwxTables.js'

/** A nonce is good for 10 minutes, once. */
const NONCE_TTL_MS = 10 * 60_000
/** A session lasts until its message expires, at most 7 days. */
const MAX_SESSION_MS = 7 * 24 * 3600_000
const ISSUER = 'latch-siwx'

const Query = { type: 'object', properties: projectProperties, required: ['projectId'], additionalProperties: false } as const
const AccountQuery = {
  type: 'object',
  properties: { ...projectProperties, chainId: CaipNetworkIdString, address: AddressString },
  required: ['projectId', 'chainId', 'address'],
  additionalProperties: false,
} as const
const Authorization = {
  type: 'object',
  properties: { authorization: { type: 'string', pattern: '^Bearer [-_.A-Za-z0-9]{16,2048}$' } },
  required: ['authorization'],
} as const
/** An ed25519 signature in base58 (64 bytes: 86 to 88 characters), as Solana wallets answer. */
const SolanaSignature = { type: 'string', pattern: '^[1-9A-HJ-NP-Za-km-z]{80,90}$' } as const
const VerifyBody = {
  type: 'object',
  properties: { message: { type: 'string', minLength: 1, maxLength: 4096 }, signature: { anyOf: [SignatureString, SolanaSignature] } },
  required: ['message', 'signature'],
  additionalProperties: false,
} as const
const AccountBody = {
  type: 'object',
  properties: { chainId: CaipNetworkIdString, address: AddressString },
  required: ['chainId', 'address'],
  additionalProperties: false,
} as const

/** An account as stored: EVM addresses checksummed, Solana ones as given (base58 is case-sensitive). */
const normalAddress = (address: string) => (address.startsWith('0x') ? getAddress(address.toLowerCase()) : address)

type ProjectRequest = { Querystring: { projectId: string } }
type AccountRequest = { Querystring: { projectId: string; chainId: string; address: string }; Headers: { authorization: string } }

/** A stored session as the kit keeps it (`SiwxSession`): what was signed, and the signature. */
const toSession = (row: SiwxSessionRow) => ({
  data: {
    accountAddress: row.address,
    chainId: row.chain_id,
    domain: row.domain,
    uri: row.uri,
    nonce: row.nonce,
    issuedAt: row.issued_at,
    ...(row.expiration_time ? { expirationTime: row.expiration_time } : {}),
  },
  message: row.message,
  signature: row.signature,
})

/**
 * Sign-in-with-wallet sessions kept by the backend (SPEC §4, issue 13):
 * - `POST /v1/siwx/nonce` answers `{nonce, expiresAt}`: single use, 10 minutes.
 * - `POST /v1/siwx/sessions` with `{message, signature}` (CAIP-122: EIP-4361 for eip155, the
 *   kit's layout for Solana) checks the message against the request's Origin and the project's
 *   allowed origins, the nonce, the time bounds, then the signature: with viem's
 *   `verifySiweMessage` on that chain (EIP-1271 and ERC-6492 accounts verify), or ed25519 against
 *   a Solana address; stores the session and answers `{token, session, expiresAt}`.
 * - `GET /v1/siwx/sessions?chainId&address` lists that account's live sessions, and
 *   `POST /v1/siwx/sessions/revoke` with `{chainId, address}` deletes them; both need
 *   `Authorization: Bearer <token>` of a live session of that account.
 * Refusals are `{code, message}`; bodies and queries are checked without coercion.
 */
export const siwxRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  app.setValidatorCompiler(createStrictValidatorCompiler())
  const { db } = app.storage
  const key = await loadSiwxKey(app.storage)
  // Expired nonces are refused anyway, and sessions a day past their end are of no use: both
  // are dropped as new ones are made, so neither table grows without bound.
  const dropOldNonces = (now: number) => db.deleteFrom('siwx_nonces').where('expires_at', '<', now).execute()
  const dropOldSessions = (now: number) => db.deleteFrom('siwx_sessions').where('expires_at', '<', now - 24 * 3600_000).execute()
  const nonceRow = (nonce: string) => db.selectFrom('siwx_nonces').selectAll().where('nonce', '=', nonce).executeTakeFirst()
  const sessionById = (id: string) => db.selectFrom('siwx_sessions').selectAll().where('id', '=', id).executeTakeFirst()
  /**
   * Spends the nonce and stores the session. The nonce is spent by one conditional statement: of
   * any number of posts of one signed message (one instance or several), exactly one sees its row
   * change; the others store nothing. A session insert that then failed leaves the nonce spent,
   * which only means signing in again.
   */
  const storeSession = async (row: SiwxSessionRow) => {
    const spent = await db
      .updateTable('siwx_nonces')
      .set({ used_at: row.created_at })
      .where('nonce', '=', row.nonce)
      .where('project_id', '=', row.project_id)
      .where('used_at', 'is', null)
      .returning('nonce')
      .executeTakeFirst()
    if (!spent) return false
    await dropOldSessions(row.created_at)
    await db.insertInto('siwx_sessions').values(row).execute()
    return true
  }

  const audience = (projectId: string) => `${ISSUER}:${projectId}`
  const issueToken = (row: SiwxSessionRow) =>
    new SignJWT({ sid: row.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(audience(row.project_id))
      .setSubject(`${row.chain_id}:${row.address}`)
      .setIssuedAt(Math.floor(row.created_at / 1000))
      .setExpirationTime(Math.floor(row.expires_at / 1000))
      .sign(key)

  /** The live session a bearer token names, for the account the request names; else refused. */
  const authorize = async (request: FastifyRequest<AccountRequest>, account: { chainId: string; address: string }) => {
    const token = request.headers.authorization.slice('Bearer '.length)
    let sid: unknown
    try {
      sid = (await jwtVerify(token, key, { issuer: ISSUER, audience: audience(request.query.projectId), algorithms: ['HS256'] })).payload.sid
    } catch {
      sid = undefined
    }
    const row = typeof sid === 'string' ? await sessionById(sid) : undefined
    if (!row || row.expires_at <= Date.now()) throw new SignInSessionInvalidError()
    if (row.chain_id !== account.chainId || row.address !== normalAddress(account.address))
      throw new SignInSessionMismatchError()
    return row
  }

  app.post<ProjectRequest>('/v1/siwx/nonce', { schema: { querystring: Query } }, async (request) => {
    const now = Date.now()
    await dropOldNonces(now)
    // 96 bits, alphanumeric: what EIP-4361 asks of a nonce (at least 8 characters).
    const nonce = randomBytes(12).toString('hex')
    await db.insertInto('siwx_nonces').values({ nonce, project_id: request.query.projectId, expires_at: now + NONCE_TTL_MS, used_at: null }).execute()
    return { nonce, expiresAt: new Date(now + NONCE_TTL_MS).toISOString() }
  })

  app.post<ProjectRequest & { Body: { message: string; signature: string } }>(
    '/v1/siwx/sessions',
    { schema: { querystring: Query, body: VerifyBody } },
    async (request) => {
      const { projectId } = request.query
      const origin = request.headers.origin
      // A page's own origin only: an opaque one ('null', a sandboxed frame) names no host to sign in for, even where '*' is allowed.
      if (!origin || !URL.canParse(origin) || new URL(origin).origin !== origin || !isOriginAllowed(app.projects.get(projectId)!, origin))
        throw new SignInOriginNotAllowedError()
      const now = new Date()
      const text = request.body.message
      const signature = request.body.signature
      // CAIP-122: EIP-4361 for eip155 accounts, the same layout for Solana ones.
      const solana = parseSolanaSignInMessage(text)
      const message = solana ?? parseSiweMessage(text)
      checkSiweMessage(message, origin, now)
      const chainId = `${solana ? 'solana' : 'eip155'}:${message.chainId}`
      const chain = services.evmChains.get(chainId)
      if (solana ? chainId !== services.solana?.caipNetworkId : !chain)
        throw new SignInChainUnsupportedError({ chainId: message.chainId! })
      const nonce = await nonceRow(message.nonce!)
      if (!nonce || nonce.project_id !== projectId) throw new NonceUnknownError()
      if (nonce.used_at !== null) throw new NonceUsedError()
      if (nonce.expires_at <= now.getTime()) throw new NonceExpiredError()
      // Through the chain: an EOA signature, an EIP-1271 contract's or an ERC-6492 counterfactual one.
      const valid = solana
        ? verifySolanaSignature(text, signature, message.address!)
        : await verifySiweMessage(chain!.client, { message: text, signature: signature as Hex, domain: new URL(origin).host, nonce: message.nonce, time: now }).catch((error: unknown) => {
            // A node that does not answer is a 502/503 (the error handler); a malformed signature is just invalid.
            if (chainUnavailableAnswer(error)) throw error
            return false
          })
      if (!valid) throw new SignatureMismatchError({ of: 'message' })
      const expiresAt = Math.min(message.expirationTime?.getTime() ?? Infinity, now.getTime() + MAX_SESSION_MS)
      const row: SiwxSessionRow = {
        id: randomUUID(),
        project_id: projectId,
        chain_id: chainId,
        address: normalAddress(message.address!),
        domain: message.domain!,
        uri: message.uri!,
        nonce: message.nonce!,
        issued_at: message.issuedAt!.toISOString(),
        expiration_time: message.expirationTime?.toISOString() ?? null,
        message: text,
        signature,
        created_at: now.getTime(),
        expires_at: expiresAt,
      }
      if (!(await storeSession(row))) throw new NonceUsedError()
      return { token: await issueToken(row), session: toSession(row), expiresAt: new Date(expiresAt).toISOString() }
    },
  )

  app.get<AccountRequest>('/v1/siwx/sessions', { schema: { querystring: AccountQuery, headers: Authorization } }, async (request) => {
    const row = await authorize(request, request.query)
    const sessions = await db
      .selectFrom('siwx_sessions')
      .selectAll()
      .where('project_id', '=', request.query.projectId)
      .where('chain_id', '=', row.chain_id)
      .where('address', '=', row.address)
      .where('expires_at', '>', Date.now())
      .orderBy('created_at', 'desc')
      .execute()
    return { sessions: sessions.map(toSession) }
  })

  app.post<AccountRequest & { Body: { chainId: string; address: string } }>(
    '/v1/siwx/sessions/revoke',
    { schema: { querystring: Query, headers: Authorization, body: AccountBody } },
    async (request) => {
      const row = await authorize(request, request.body)
      const deleted = await db
        .deleteFrom('siwx_sessions')
        .where('project_id', '=', request.query.projectId)
        .where('chain_id', '=', row.chain_id)
        .where('address', '=', row.address)
        .executeTakeFirst()
      return { revoked: Number(deleted.numDeletedRows) }
    },
  )
}
