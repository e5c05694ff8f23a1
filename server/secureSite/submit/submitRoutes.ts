import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Hex } from 'viem'
import type { SecureSiteUser } from '../EmailLogin.js'
import type { SignedSubmissions, SignedUserOperation } from './SignedSubmissions.js'
import type { SmartAccountCall } from '../SmartAccounts.js'

const ChainId = { type: 'string', minLength: 3, maxLength: 100, pattern: '^(eip155:[0-9]{1,12}|solana:[1-9A-HJ-NP-Za-km-z]{1,44})$' } as const
export const HexBytes = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^0x([0-9a-fA-F]{2})*$' }) as const
export const Address = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const
export const Quantity = { type: 'string', maxLength: 66, pattern: '^0x[0-9a-fA-F]+$' } as const
// 128 KiB of bytes: a node's own transaction size limit.
const RawTransaction = HexBytes(2 + 2 * 128 * 1024)
export const Signature = HexBytes(2 + 2 * 65)
export const bodyOf = (properties: Record<string, unknown>, required: string[]) => ({ type: 'object', properties, required, additionalProperties: false })
const Call = bodyOf({ to: Address, value: Quantity, data: HexBytes(2 + 2 * 128 * 1024) }, ['to'])

/**
 * The secure site's routes for keys kept in shares (KEY_SHARES.md): the frame signs, these take
 * only signed bytes (or prepare what the frame signs) for the session's user. Each needs a DPoP
 * session (`signedIn`).
 */
export function submitRoutes(app: FastifyInstance, { signedIn, submissions }: { signedIn: (request: FastifyRequest) => Promise<{ user: SecureSiteUser }>; submissions: SignedSubmissions }) {
  app.post<{ Body: { chainId: string; transaction: Hex } }>(
    '/api/submit/transaction',
    { schema: { body: bodyOf({ chainId: ChainId, transaction: RawTransaction }, ['chainId', 'transaction']) } },
    async (request) => ({ hash: await submissions.sendTransaction((await signedIn(request)).user, request.body.chainId, request.body.transaction) }),
  )

  app.post<{ Body: { chainId: string; transactions: Hex[] } }>(
    '/api/submit/calls',
    { schema: { body: bodyOf({ chainId: ChainId, transactions: { type: 'array', minItems: 1, maxItems: 20, items: RawTransaction } }, ['chainId', 'transactions']) } },
    async (request) => submissions.sendCalls((await signedIn(request)).user, request.body.chainId, request.body.transactions),
  )

  app.post<{ Body: { chainId: string; calls: Array<{ to: Hex; value?: Hex; data?: Hex }> } }>(
    '/api/prepare/userOperation',
    { schema: { body: bodyOf({ chainId: ChainId, calls: { type: 'array', minItems: 1, maxItems: 20, items: Call } }, ['chainId', 'calls']) } },
    async (request) => {
      const calls: SmartAccountCall[] = request.body.calls.map((call) => ({ to: call.to, value: call.value === undefined ? undefined : BigInt(call.value), data: call.data }))
      return submissions.prepareUserOperation((await signedIn(request)).user, request.body.chainId, calls)
    },
  )

  const UserOperation = bodyOf({ sender: Address, nonce: Quantity, callData: HexBytes(2 + 2 * 128 * 1024), factory: Address, factoryData: HexBytes(2 + 2 * 4096) }, ['sender', 'nonce', 'callData'])
  app.post<{ Body: { chainId: string; userOperation: SignedUserOperation; signature: Hex; batch?: boolean } }>(
    '/api/submit/userOperation',
    { schema: { body: bodyOf({ chainId: ChainId, userOperation: UserOperation, signature: Signature, batch: { type: 'boolean' } }, ['chainId', 'userOperation', 'signature']) } },
    async (request) => {
      const { chainId, userOperation, signature, batch } = request.body
      return submissions.submitUserOperation((await signedIn(request)).user, chainId, userOperation, signature, batch === true)
    },
  )

  // An owner's signature made in the frame, as the user's smart account checks it: wrapping signs nothing.
  app.post<{ Body: { chainId: string; signature: Hex } }>(
    '/api/smart-account/signature',
    { schema: { body: bodyOf({ chainId: ChainId, signature: Signature }, ['chainId', 'signature']) } },
    async (request) => ({ signature: await submissions.wrapSignature((await signedIn(request)).user, request.body.chainId, request.body.signature) }),
  )

  app.post<{ Body: { chainId: string; transaction: string } }>(
    '/api/submit/solana',
    { schema: { body: bodyOf({ chainId: ChainId, transaction: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' } }, ['chainId', 'transaction']) } },
    async (request) => submissions.sendSolana((await signedIn(request)).user, request.body.chainId, request.body.transaction),
  )
}
