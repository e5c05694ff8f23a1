import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AddressString, projectProperties } from '../http/schemas.js'

type AccountRequest<Query> = FastifyRequest<{ Params: { address: string }; Querystring: Query }>

/**
 * Registers `GET /v1/account/{address}/{what}`, the shape every account route shares: the address
 * in the path (EVM or Solana unless `address` narrows it), the project and the route's own
 * fields in the query, validated before `handler` runs.
 *
 * @example
 * accountRoute<{ projectId: string; chainId: string }>(app, 'nfts', { query: { chainId: CaipNetworkIdString }, required: ['chainId'] }, async (request) => …)
 */
export function accountRoute<Query extends { projectId: string }>(
  app: FastifyInstance,
  what: string,
  schema: { address?: object; query: Record<string, object>; required?: string[] },
  handler: (request: AccountRequest<Query>) => Promise<unknown>,
): void {
  app.get<{ Params: { address: string }; Querystring: Query }>(
    `/v1/account/:address/${what}`,
    {
      schema: {
        params: { type: 'object', properties: { address: schema.address ?? AddressString }, required: ['address'] },
        querystring: { type: 'object', properties: { ...projectProperties, ...schema.query }, required: ['projectId', ...(schema.required ?? [])] },
      },
    },
    handler,
  )
}
