import {
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  serializeErc6492Signature,
  type Address,
  type Hash,
  type Hex,
  type LocalAccount,
} from 'viem'
import { entryPoint08Abi, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import type { AccountTypeName } from '../../chains/auth/frameProtocol.js'
import type { EvmChainHandle } from '../plugins/services/BackendServices.js'
import type { EvmContracts } from '../chains/deployEvmContracts.js'

/** A chain where this backend deployed the EntryPoint and the account factory (a local chain). */
export type SmartAccountChain = EvmChainHandle & { contracts: EvmContracts }
import type { Storage } from '../plugins/database/index.js'
import { loadArtifact } from '../chains/loadArtifact.js'
import { localBundler } from './bundlers/localBundler.js'
import type { Bundler } from './bundlers/Bundler.js'
import { SponsorshipQuota } from './SponsorshipQuota.js'
import { USER_OPERATION_GAS } from './userOperationGas.js'
import { SecureSiteChainNotSupportedError } from './errors.js'
import { ChainLocks } from '../blockchain/ChainLocks.js'

/** One call of a UserOperation: `execute` for one, `executeBatch` (all or none) for several. */
export interface SmartAccountCall {
  to: Address
  value?: bigint
  data?: Hex
}

/** What the frame shows for a user on one chain. */
export interface AccountOnChain {
  type: AccountTypeName
  /** The address the user acts with on this chain (the smart account's or the EOA's). */
  address: Address
  eoaAddress: Address
  /** Undefined on a chain without the ERC-4337 contracts. */
  smartAccountAddress?: Address
  smartAccountDeployed: boolean
}

const SALT = 0n

/** The bundler key of a chain, as `ChainLocks` names it. */
const bundlerSender = (chain: SmartAccountChain) => `bundler:${chain.caipNetworkId}`

/**
 * The users' ERC-4337 v0.8 smart accounts (LatchSmartAccount, one per owner key and chain, at a
 * CREATE2 address known before deployment) and each user's preferred account type per chain.
 * Operations are built, signed by the owner key and submitted with `handleOps` by the bundler key.
 */
export class SmartAccounts {
  readonly #storage: Storage
  /** One handleOps at a time per chain, across instances on Postgres: the bundler key's nonces stay in order. */
  readonly #senders: ChainLocks

  readonly #quota: SponsorshipQuota

  readonly #bundlerFor: (chain: EvmChainHandle) => Bundler

  /** @param bundlerFor - who bundles on a chain: an external bundler where one is configured, else the secure site itself */
  constructor(storage: Storage, quota = new SponsorshipQuota(storage), bundlerFor: (chain: EvmChainHandle) => Bundler = () => localBundler) {
    this.#storage = storage
    this.#senders = ChainLocks.of(storage)
    this.#quota = quota
    this.#bundlerFor = bundlerFor
  }

  isEnabled(chain: EvmChainHandle | undefined): chain is SmartAccountChain {
    return Boolean(chain?.contracts?.entryPoint && chain.contracts.smartAccountFactory)
  }

  /** The chain when smart accounts run on it (its EntryPoint and factory are known); else 'Chain not supported'. */
  requireChain(chain: EvmChainHandle | undefined): SmartAccountChain {
    if (!this.isEnabled(chain)) throw new SecureSiteChainNotSupportedError()
    return chain
  }

  /** SPEC §4: what the user chose for this chain, else the app's wish, else smartAccount where it exists. */
  async preferredType(userId: string, chainId: string, chain: EvmChainHandle | undefined, wish?: AccountTypeName): Promise<AccountTypeName> {
    if (!this.isEnabled(chain)) return 'eoa'
    const row = await this.#storage.db.selectFrom('secure_site_account_types').select('type').where('user_id', '=', userId).where('chain_id', '=', chainId).executeTakeFirst()
    return row?.type ?? wish ?? 'smartAccount'
  }

  async setPreferredType(userId: string, chainId: string, chain: EvmChainHandle | undefined, type: AccountTypeName): Promise<void> {
    if (type === 'smartAccount' && !this.isEnabled(chain)) throw new SecureSiteChainNotSupportedError()
    await this.#storage.db
      .insertInto('secure_site_account_types')
      .values({ user_id: userId, chain_id: chainId, type })
      .onConflict((conflict) => conflict.columns(['user_id', 'chain_id']).doUpdateSet({ type }))
      .execute()
  }

  /** The counterfactual address: the factory's CREATE2 of LatchSmartAccount(entryPoint, owner). */
  address(chain: SmartAccountChain, owner: Address): Address {
    const { abi, bytecode } = loadArtifact('LatchSmartAccount')
    return getContractAddress({
      opcode: 'CREATE2',
      from: chain.contracts.smartAccountFactory,
      salt: encodeAbiParameters([{ type: 'uint256' }], [SALT]),
      bytecode: encodeDeployData({ abi, bytecode, args: [chain.contracts.entryPoint, owner] }),
    })
  }

  async isDeployed(chain: SmartAccountChain, address: Address): Promise<boolean> {
    const code = await chain.client.getCode({ address })
    return code !== undefined && code !== '0x'
  }

  async describe(userId: string, chainId: string, chain: EvmChainHandle | undefined, owner: Address, wish?: AccountTypeName): Promise<AccountOnChain> {
    const type = await this.preferredType(userId, chainId, chain, wish)
    if (!this.isEnabled(chain)) return { type, address: owner, eoaAddress: owner, smartAccountDeployed: false }
    const smartAccountAddress = this.address(chain, owner)
    const smartAccountDeployed = await this.isDeployed(chain, smartAccountAddress)
    return { type, address: type === 'smartAccount' ? smartAccountAddress : owner, eoaAddress: owner, smartAccountAddress, smartAccountDeployed }
  }

  /**
   * The owner's signature (of an EIP-191 or EIP-712 digest) as the account's ERC-1271 check
   * takes it; wrapped per ERC-6492 while the account is not deployed, so verifiers can deploy it first.
   */
  async wrapSignature(chain: SmartAccountChain, owner: Address, signature: Hex): Promise<Hex> {
    if (await this.isDeployed(chain, this.address(chain, owner))) return signature
    // createAccount is the SenderCreator's alone; verifiers deploy through deployForSignature.
    const data = encodeFunctionData({ abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'deployForSignature', args: [owner, SALT] })
    return serializeErc6492Signature({ address: chain.contracts.smartAccountFactory, data, signature })
  }

  /**
   * Runs `calls` as ONE UserOperation from the owner's smart account (deploying it on first use),
   * sponsored by the bundler within the user's daily quota.
   *
   * @param userId - whose sponsorship quota pays for it
   * @throws SponsorshipQuotaExceededError once the user's operations for the day are used up
   * @returns the hash of the `handleOps` transaction, mined; its receipt is what a wallet's caller waits for
   */
  async send(userId: string, chain: SmartAccountChain, owner: LocalAccount, calls: SmartAccountCall[]): Promise<Hash> {
    await this.#quota.take(userId)
    // The account's own nonce is read inside the turn too: one owner's operations never share one.
    return this.#senders.run(bundlerSender(chain), () => this.#send(chain, owner, calls))
  }

  async #send(chain: SmartAccountChain, owner: LocalAccount, calls: SmartAccountCall[]): Promise<Hash> {
    const { userOperation, userOpHash } = await this.prepare(chain, owner.address, calls)
    // v0.8 accounts check the owner's signature over the (EIP-712) userOpHash itself.
    return this.#handleOps(chain, { ...userOperation, signature: await owner.sign!({ hash: userOpHash }) }, userOpHash)
  }

  /**
   * The unsigned UserOperation that runs `calls` from the owner's smart account (deploying it on
   * first use), and the hash its owner signs. For a key kept in shares the frame signs that hash
   * (KEY_SHARES.md); `submit` then bundles it.
   */
  async prepare(chain: SmartAccountChain, owner: Address, calls: SmartAccountCall[]): Promise<{ userOperation: UserOperation<'0.8'>; userOpHash: Hex }> {
    const { entryPoint } = chain.contracts
    const sender = this.address(chain, owner)
    const accountAbi = loadArtifact('LatchSmartAccount').abi
    const deployed = await this.isDeployed(chain, sender)
    const nonce = await chain.client.readContract({ address: entryPoint, abi: entryPoint08Abi, functionName: 'getNonce', args: [sender, 0n] })
    const callData =
      calls.length === 1
        ? encodeFunctionData({ abi: accountAbi, functionName: 'execute', args: [calls[0]!.to, calls[0]!.value ?? 0n, calls[0]!.data ?? '0x'] })
        : encodeFunctionData({ abi: accountAbi, functionName: 'executeBatch', args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))] })
    const userOperation: UserOperation<'0.8'> = {
      sender,
      nonce,
      callData,
      ...(deployed ? {} : { factory: chain.contracts.smartAccountFactory, factoryData: this.#factoryData(owner) }),
      ...USER_OPERATION_GAS,
      signature: '0x',
    }
    return { userOperation, userOpHash: getUserOperationHash({ userOperation, entryPointAddress: entryPoint, entryPointVersion: '0.8', chainId: chain.chainId }) }
  }

  /**
   * Bundles a UserOperation its owner signed (in the frame) with `handleOps`, sponsored within the
   * user's daily quota, one at a time per chain as `send`.
   *
   * @throws SponsorshipQuotaExceededError once the user's operations for the day are used up
   * @returns the hash of the mined `handleOps` transaction
   */
  async submit(userId: string, chain: SmartAccountChain, userOperation: UserOperation<'0.8'>, userOpHash: Hex): Promise<Hash> {
    await this.#quota.take(userId)
    return this.#senders.run(bundlerSender(chain), () => this.#handleOps(chain, userOperation, userOpHash))
  }

  #handleOps(chain: SmartAccountChain, userOperation: UserOperation<'0.8'>, userOpHash: Hex): Promise<Hash> {
    return this.#bundlerFor(chain).bundle(chain, userOperation, userOpHash)
  }

  #factoryData(owner: Address): Hex {
    return encodeFunctionData({ abi: loadArtifact('LatchSmartAccountFactory').abi, functionName: 'createAccount', args: [owner, SALT] })
  }
}

