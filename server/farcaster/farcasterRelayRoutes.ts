import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { Address, Hex } from 'viem'
import type { FarcasterRelay } from './FarcasterRelay.js'
const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
const Text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength })
const Fid = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization
  return header?.startsWith('Bearer ') ? header.slice(7) : ''
}

/**
 * The local Farcaster Connect relay's HTTP API (the `@farcaster/auth-relay` shape):
 * `POST /v1/channel` (create), `POST /v1/channel/authenticate` and `GET /v1/channel/status`
 * (both `Authorization: Bearer <channelToken>`), plus `POST /dev/farcaster/register`, the
 * stand-in for the on-chain ID registry (fid → custody address). The whole relay runs in dev
 * mode only, and `/dev/*` is behind the admin token (`requireAdminTokenOnDevRoutes`).
 */
export const farcasterRelayRoutes: FastifyPluginAsync<{ relay: FarcasterRelay }> = async (app, { relay }) => {
  app.post<{ Body: { domain: string; siweUri: string; nonce?: string; notBefore?: string; expirationTime?: string; requestId?: string } }>(
    '/v1/channel',
    {
      schema: {
        body: bodyOf(
          { domain: Text(253), siweUri: Text(2048), nonce: { type: 'string', pattern: '^[A-Za-z0-9]{8,96}$' }, notBefore: Text(40), expirationTime: Text(40), requestId: Text(200) },
          ['domain', 'siweUri'],
        ),
      },
    },
    async (request, reply) => reply.code(201).send(await relay.createChannel(request.body)),
  )

  app.post<{ Body: { message: string; signature: Hex; fid: number; username?: string; displayName?: string; pfpUrl?: string } }>(
    '/v1/channel/authenticate',
    {
      schema: {
        body: bodyOf(
          { message: Text(4096), signature: { type: 'string', pattern: '^0x[0-9a-fA-F]{2,1000}$' }, fid: Fid, username: Text(100), displayName: Text(100), pfpUrl: Text(2048) },
          ['message', 'signature', 'fid'],
        ),
      },
    },
    async (request, reply) => reply.code(201).send(await relay.authenticate(bearer(request), request.body)),
  )

  app.get('/v1/channel/status', async (request, reply) => {
    const status = await relay.status(bearer(request))
    return reply.code(status.state === 'completed' ? 200 : 202).send(status)
  })

  app.post<{ Body: { fid: number; custody: Address; username?: string } }>(
    '/dev/farcaster/register',
    { schema: { body: bodyOf({ fid: Fid, custody: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' }, username: Text(100) }, ['fid', 'custody']) } },
    async (request) => {
      await relay.register(request.body.fid, request.body.custody, request.body.username)
      return { fid: request.body.fid, custody: request.body.custody }
    },
  )
}
