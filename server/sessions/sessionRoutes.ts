import type { FastifyPluginAsync } from 'fastify'
import { SessionGrantInvalidError, SessionGrantUsedError, WalletSessionNotFoundError, WalletSessionRevokedError } from './errors.js'
import { SignatureMismatchError } from '../siwx/errors.js'
import { randomUUID } from 'node:crypto'
import { getAddress, keccak256, toBytes, type Hex } from 'viem'
import { verifyAccountMessage } from '../blockchain/verifyAccountMessage.js'
import type { WalletSessionsTable } from '../plugins/database/DatabaseSchema.js'
import { CaipNetworkIdString, EvmAccountString, EvmAddressString, ProjectQuery, SignatureString, projectProperties } from '../http/schemas.js'

type SessionRow = WalletSessionsTable

const AddressParams = { type: 'object', properties: { address: EvmAddressString }, required: ['address'] } as const
/** AppKit 1.7.10 lists sessions by CAIP-10 account (`getSmartSessions(caipAddress)`); the kit by bare address. */
const AccountParams = { type: 'object', properties: { address: EvmAccountString }, required: ['address'] } as const
/** The address of `eip155:<chain>:0x…` or of a bare `0x…`, checksummed. */
const addressOf = (account: string) => getAddress((account.split(':').at(-1) as string).toLowerCase())
/**
 * What the owner signs to revoke a session: a sentence, not the bare pci, so a signature made
 * for anything else (a pci-shaped string signed on another site) cannot revoke.
 */
export function revokeSessionMessage(pci: string): string {
  return `Revoke Latch session ${pci}`
}

/** Longest grant accepted: 30 days. */
const MAX_SESSION_SECONDS = 30 * 24 * 3600

/**
 * SPEC §7 sessions (smart-session permissions): `GET /v1/sessions/{address}` lists them,
 * `POST /v1/sessions/{address}/revoke` with `{pci, signature}` (personal_sign of
 * `revokeSessionMessage(pci)` by the address) revokes one. `POST /v1/sessions/{address}` records
 * a grant signed by the address, `JSON.stringify({projectId, chainId, expiry, permissions, nonce})`;
 * each signed grant is accepted once. The spec does not show how sessions come to exist, and the
 * list needs a real source.
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  const { db } = app.storage
  const byPci = (pci: string) => db.selectFrom('sessions').selectAll().where('pci', '=', pci).executeTakeFirst()

  const toJson = (row: SessionRow) => ({
    pci: row.pci,
    project: { id: row.project_id },
    chainId: row.chain_id,
    permissions: JSON.parse(row.permissions) as unknown,
    createdAt: Math.floor(row.created_at / 1000),
    expiry: row.expires_at,
    revokedAt: row.revoked_at === null ? null : Math.floor(row.revoked_at / 1000),
  })

  app.get<{ Params: { address: string } }>('/v1/sessions/:address', { schema: { params: AccountParams, querystring: ProjectQuery } }, async (request) => ({
    pcis: (await db.selectFrom('sessions').selectAll().where('address', '=', addressOf(request.params.address)).orderBy('created_at', 'desc').orderBy('pci').execute()).map(toJson),
  }))

  app.post<{ Params: { address: string }; Querystring: { projectId: string }; Body: { message: string; signature: string } }>(
    '/v1/sessions/:address',
    {
      schema: {
        params: AddressParams,
        querystring: ProjectQuery,
        body: { type: 'object', properties: { message: { type: 'string', minLength: 2, maxLength: 8192 }, signature: SignatureString }, required: ['message', 'signature'] },
      },
    },
    async (request) => {
      const address = getAddress(request.params.address.toLowerCase())
      const { message, signature } = request.body
      let grant: { projectId?: unknown; chainId?: unknown; expiry?: unknown; permissions?: unknown; nonce?: unknown }
      try {
        grant = JSON.parse(message) as typeof grant
      } catch {
        throw new SessionGrantInvalidError({ reason: 'message must be JSON with projectId, chainId, expiry, permissions and nonce' })
      }
      const now = Math.floor(Date.now() / 1000)
      if (!grant || typeof grant !== 'object' || grant.projectId !== request.query.projectId)
        throw new SessionGrantInvalidError({ reason: 'message/projectId must be the projectId of the request' })
      if (typeof grant.nonce !== 'string' || grant.nonce.length < 8 || grant.nonce.length > 128)
        throw new SessionGrantInvalidError({ reason: 'message/nonce must be a string of 8 to 128 characters' })
      if (typeof grant.chainId !== 'string' || !new RegExp(CaipNetworkIdString.pattern).test(grant.chainId))
        throw new SessionGrantInvalidError({ reason: 'message/chainId must be a CAIP-2 network id' })
      if (typeof grant.expiry !== 'number' || !Number.isInteger(grant.expiry) || grant.expiry <= now || grant.expiry > now + MAX_SESSION_SECONDS)
        throw new SessionGrantInvalidError({ reason: 'message/expiry must be a future unix time within 30 days' })
      if (!Array.isArray(grant.permissions) || grant.permissions.length > 50)
        throw new SessionGrantInvalidError({ reason: 'message/permissions must be an array of at most 50 permissions' })
      const valid = await verifyAccountMessage(services, { address, message, signature: signature as Hex, chainId: grant.chainId })
      if (!valid) throw new SignatureMismatchError({ of: 'address' })
      // The message, not the signature, identifies a grant: ECDSA signatures are malleable
      // (s and n - s both verify), messages are not.
      const grantHash = keccak256(toBytes(`${address}\n${message}`))
      // One statement: of two requests with the same grant, on any database, one inserts, the other hears 409.
      const inserted = await db
        .insertInto('sessions')
        .values({ pci: randomUUID(), address, project_id: request.query.projectId, chain_id: grant.chainId, permissions: JSON.stringify(grant.permissions), created_at: Date.now(), expires_at: grant.expiry, revoked_at: null, grant_hash: grantHash })
        .onConflict((conflict) => conflict.column('grant_hash').doNothing())
        .returning('pci')
        .executeTakeFirst()
      if (!inserted) throw new SessionGrantUsedError()
      return { pci: inserted.pci }
    },
  )

  app.post<{ Params: { address: string }; Body: { pci: string; signature: string } }>(
    '/v1/sessions/:address/revoke',
    {
      schema: {
        params: AddressParams,
        querystring: ProjectQuery,
        body: { type: 'object', properties: { ...projectProperties, pci: { type: 'string', minLength: 1, maxLength: 128 }, signature: SignatureString }, required: ['pci', 'signature'] },
      },
    },
    async (request) => {
      const address = getAddress(request.params.address.toLowerCase())
      const session = await byPci(request.body.pci)
      if (!session || session.address !== address) throw new WalletSessionNotFoundError()
      const valid = await verifyAccountMessage(services, { address, message: revokeSessionMessage(session.pci), signature: request.body.signature as Hex, chainId: session.chain_id })
      if (!valid) throw new SignatureMismatchError({ of: 'address' })
      const revoked = await db.updateTable('sessions').set({ revoked_at: Date.now() }).where('pci', '=', session.pci).where('revoked_at', 'is', null).returning('pci').executeTakeFirst()
      if (!revoked) throw new WalletSessionRevokedError()
      return { success: true }
    },
  )
}
