import { concat, decodeFunctionData, isAddressEqual, parseAbi, recoverAddress, type Address, type Hex } from 'viem'
import { getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BackendServices } from '../../plugins/services/BackendServices.js'
import type { SecureSiteUser } from '../EmailLogin.js'
import type { SmartAccountChain, SmartAccounts } from '../SmartAccounts.js'
import type { CallBatches } from '../CallBatches.js'
import type { SignedUserOperation } from './SignedSubmissions.js'
import { loadArtifact } from '../../chains/loadArtifact.js'
import { SignedSubmissionRefusedError } from '../keyShareErrors.js'
import { SessionPermissionRefusedError } from '../../sessions/errors.js'
import { Address as AddressString, HexBytes, Quantity, Signature, bodyOf } from './submitRoutes.js'

const ACCOUNT_ABI = parseAbi(['function execute(address target, uint256 value, bytes data)'])
const ERC20_ABI = parseAbi(['function transfer(address to, uint256 amount)'])

/** A session key's permission as the smart account keeps it (`LatchSmartAccount.sessions`). */
export interface OnChainSession {
  token: Address
  validUntil: number
  allowance: bigint
  spent: bigint
}

/**
 * Smart sessions (SPEC §1, §5 `wallet_grantPermissions`): operations of the user's smart account
 * signed by a session key the frame keeps, not by the owner. The account enforces the permission
 * on chain (LatchSmartAccount `_validateSession`); this refuses beforehand with a catalogue error,
 * so a refused operation costs no gas and says why.
 */
export class SessionOperations {
  readonly #services: BackendServices
  readonly #smartAccounts: SmartAccounts
  readonly #batches: CallBatches

  constructor(services: BackendServices, smartAccounts: SmartAccounts, batches: CallBatches) {
    this.#services = services
    this.#smartAccounts = smartAccounts
    this.#batches = batches
  }

  /**
   * Bundles an operation of the user's (deployed) smart account signed by `sessionKey`, once its
   * permission on chain covers it: one `transfer` on its token, within the allowance left, unexpired.
   *
   * @throws SessionPermissionRefusedError when the permission does not cover it
   * @returns the EIP-5792 batch id of the mined `handleOps` transaction (`wallet_sendCalls`' answer)
   */
  async submit(user: SecureSiteUser, chainId: string, signed: SignedUserOperation, sessionKey: Address, signature: Hex): Promise<{ id: string }> {
    const chain = this.#smartAccounts.requireChain(this.#services.evmChains.get(chainId))
    const sender = this.#smartAccounts.address(chain, user.evmAddress)
    if (!isAddressEqual(signed.sender, sender) || signed.factory) throw new SignedSubmissionRefusedError({ what: 'UserOperation', reason: "its sender is not this session's deployed smart account" })
    const session = await readSession(chain, sender, sessionKey)
    const refuse = (reason: string) => new SessionPermissionRefusedError({ reason })
    if (/^0x0{40}$/.test(session.token)) throw refuse('the session key is unknown or revoked')
    // The chain's clock, which the EntryPoint checks `validUntil` against, not this server's.
    if (BigInt(session.validUntil) <= (await chain.client.getBlock()).timestamp) throw refuse('the session expired')
    const amount = transferAmount(signed.callData, session.token)
    if (amount === undefined) throw refuse('a session key only transfers its token')
    if (session.spent + amount > session.allowance) throw refuse(`it asks ${amount} of the ${session.allowance - session.spent} left of its allowance`)

    const { userOperation: own } = await this.#smartAccounts.prepare(chain, user.evmAddress, [])
    const userOperation: UserOperation<'0.8'> = { ...own, nonce: BigInt(signed.nonce), callData: signed.callData, signature: concat([sessionKey, signature]) }
    const userOpHash = getUserOperationHash({ userOperation: { ...userOperation, signature: '0x' }, entryPointAddress: chain.contracts.entryPoint, entryPointVersion: '0.8', chainId: chain.chainId })
    let signer: Address
    try {
      signer = await recoverAddress({ hash: userOpHash, signature })
    } catch {
      throw refuse('its signature is malformed')
    }
    if (!isAddressEqual(signer, sessionKey)) throw refuse('it is not signed by the session key')
    const hash = await this.#smartAccounts.submit(user.id, chain, userOperation, userOpHash)
    return { id: await this.#batches.record(user.id, chain.chainId, [hash], true) }
  }
}

async function readSession(chain: SmartAccountChain, account: Address, key: Address): Promise<OnChainSession> {
  const code = await chain.client.getCode({ address: account })
  if (!code || code === '0x') return { token: `0x${'0'.repeat(40)}`, validUntil: 0, allowance: 0n, spent: 0n }
  const [token, validUntil, allowance, spent] = (await chain.client.readContract({ address: account, abi: loadArtifact('LatchSmartAccount').abi, functionName: 'sessions', args: [key] })) as [Address, number, bigint, bigint]
  return { token, validUntil: Number(validUntil), allowance, spent }
}

/** The amount of `execute(token, 0, transfer(to, amount))`; undefined for any other call. */
function transferAmount(callData: Hex, token: Address): bigint | undefined {
  try {
    const outer = decodeFunctionData({ abi: ACCOUNT_ABI, data: callData })
    const [target, value, data] = outer.args
    if (!isAddressEqual(target, token) || value !== 0n) return undefined
    const inner = decodeFunctionData({ abi: ERC20_ABI, data })
    return inner.args[1]
  } catch {
    return undefined
  }
}

const ChainId = { type: 'string', minLength: 3, maxLength: 100, pattern: '^eip155:[0-9]{1,12}$' } as const

/** The frame's routes for session keys (DPoP session, like `/api/submit/*`). */
export function sessionOperationRoutes(app: FastifyInstance, { signedIn, sessions }: { signedIn: (request: FastifyRequest) => Promise<{ user: SecureSiteUser }>; sessions: SessionOperations }) {
  const UserOperationBody = bodyOf({ sender: AddressString, nonce: Quantity, callData: HexBytes(2 + 2 * 4096) }, ['sender', 'nonce', 'callData'])
  app.post<{ Body: { chainId: string; userOperation: SignedUserOperation; sessionKey: Address; signature: Hex } }>(
    '/api/submit/sessionOperation',
    { schema: { body: bodyOf({ chainId: ChainId, userOperation: UserOperationBody, sessionKey: AddressString, signature: Signature }, ['chainId', 'userOperation', 'sessionKey', 'signature']) } },
    async (request) => {
      const { chainId, userOperation, sessionKey, signature } = request.body
      return sessions.submit((await signedIn(request)).user, chainId, userOperation, sessionKey, signature)
    },
  )
}
