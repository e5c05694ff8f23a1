import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import { randomUUID } from 'node:crypto'
import { getAddress, verifyMessage, type Hex } from 'viem'
import type { BackendServices } from '../BackendServices.js'
import { CaipNetworkIdString, EvmAddressString, ProjectQuery, projectProperties } from './schemas.js'

interface SessionRow {
  pci: string
  address: string
  project_id: string
  chain_id: string
  permissions: string
  created_at: number
  expires_at: number
  revoked_at: number | null
}

const AddressParams = { type: 'object', properties: { address: EvmAddressString }, required: ['address'] } as const
const Signature = { type: 'string', pattern: '^0x[0-9a-fA-F]{130,}$', maxLength: 4096 } as const
/** Longest grant accepted: 30 days. */
const MAX_SESSION_SECONDS = 30 * 24 * 3600

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ code, message })
}

/**
 * SPEC §7 sessions (smart-session permissions): `GET /v1/sessions/{address}` lists them,
 * `POST /v1/sessions/{address}/revoke` with `{pci, signature}` (personal_sign of the pci by the
 * address) revokes one. `POST /v1/sessions/{address}` records a grant signed by the address:
 * the spec does not show how sessions come to exist, and the list needs a real source.
 */
export const sessionRoutes: FastifyPluginAsync<{ services: BackendServices }> = async (app, { services }) => {
  const db = services.db
  const list = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE address = ? ORDER BY created_at DESC, pci')
  const byPci = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE pci = ?')
  const insert = db.prepare('INSERT INTO sessions (pci, address, project_id, chain_id, permissions, created_at, expires_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
  const revoke = db.prepare<[number, string]>('UPDATE sessions SET revoked_at = ? WHERE pci = ? AND revoked_at IS NULL')

  const toJson = (row: SessionRow) => ({
    pci: row.pci,
    project: { id: row.project_id },
    chainId: row.chain_id,
    permissions: JSON.parse(row.permissions) as unknown,
    createdAt: Math.floor(row.created_at / 1000),
    expiry: row.expires_at,
    revokedAt: row.revoked_at === null ? null : Math.floor(row.revoked_at / 1000),
  })

  app.get<{ Params: { address: string } }>('/v1/sessions/:address', { schema: { params: AddressParams, querystring: ProjectQuery } }, async (request) => ({
    pcis: list.all(getAddress(request.params.address.toLowerCase())).map(toJson),
  }))

  app.post<{ Params: { address: string }; Querystring: { projectId: string }; Body: { message: string; signature: string } }>(
    '/v1/sessions/:address',
    {
      schema: {
        params: AddressParams,
        querystring: ProjectQuery,
        body: { type: 'object', properties: { message: { type: 'string', minLength: 2, maxLength: 8192 }, signature: Signature }, required: ['message', 'signature'] },
      },
    },
    async (request, reply) => {
      const address = getAddress(request.params.address.toLowerCase())
      const { message, signature } = request.body
      let grant: { chainId?: unknown; expiry?: unknown; permissions?: unknown }
      try {
        grant = JSON.parse(message) as typeof grant
      } catch {
        return refuse(reply, 400, 'INVALID_MESSAGE', 'message must be JSON with chainId, expiry and permissions')
      }
      const now = Math.floor(Date.now() / 1000)
      if (!grant || typeof grant !== 'object' || typeof grant.chainId !== 'string' || !new RegExp(CaipNetworkIdString.pattern).test(grant.chainId))
        return refuse(reply, 400, 'INVALID_MESSAGE', 'message/chainId must be a CAIP-2 network id')
      if (typeof grant.expiry !== 'number' || !Number.isInteger(grant.expiry) || grant.expiry <= now || grant.expiry > now + MAX_SESSION_SECONDS)
        return refuse(reply, 400, 'INVALID_MESSAGE', 'message/expiry must be a future unix time within 30 days')
      if (!Array.isArray(grant.permissions) || grant.permissions.length > 50)
        return refuse(reply, 400, 'INVALID_MESSAGE', 'message/permissions must be an array of at most 50 permissions')
      const valid = await verifyMessage({ address, message, signature: signature as Hex }).catch(() => false)
      if (!valid) return refuse(reply, 401, 'INVALID_SIGNATURE', 'signature does not match address')
      const pci = randomUUID()
      insert.run(pci, address, request.query.projectId, grant.chainId, JSON.stringify(grant.permissions), Date.now(), grant.expiry)
      return { pci }
    },
  )

  app.post<{ Params: { address: string }; Body: { pci: string; signature: string } }>(
    '/v1/sessions/:address/revoke',
    {
      schema: {
        params: AddressParams,
        querystring: ProjectQuery,
        body: { type: 'object', properties: { ...projectProperties, pci: { type: 'string', minLength: 1, maxLength: 128 }, signature: Signature }, required: ['pci', 'signature'] },
      },
    },
    async (request, reply) => {
      const address = getAddress(request.params.address.toLowerCase())
      const session = byPci.get(request.body.pci)
      if (!session || session.address !== address) return refuse(reply, 404, 'SESSION_NOT_FOUND', 'pci is not a session of this address')
      const valid = await verifyMessage({ address, message: request.body.pci, signature: request.body.signature as Hex }).catch(() => false)
      if (!valid) return refuse(reply, 401, 'INVALID_SIGNATURE', 'signature does not match address')
      if (revoke.run(Date.now(), session.pci).changes === 0) return refuse(reply, 409, 'SESSION_REVOKED', 'pci is already revoked')
      return { success: true }
    },
  )
}
