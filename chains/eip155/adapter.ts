import {
  createPublicClient,
  createWalletClient,
  custom,
  erc20Abi,
  formatUnits,
  getAddress,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
  type WalletClient,
} from 'viem'
import type { AdapterContext, AdapterEvent, AdapterSession, Balance, ChainAdapter, PeerWallet, SendTransactionParams } from '../adapter/ChainAdapter.js'
import type { CaipNetworkId } from '../caip/ChainNamespace.js'
import { ChainNotSupportedError, InvalidCallsError, NetworkSwitchDeclinedError } from '../errors/chain.js'
import { FailedToConnectError } from '../errors/connection.js'
import { declinable } from '../errors/declinable.js'
import { isUserRejection, toConnectionError } from '../errors/toConnectionError.js'
import type { Network } from '../networks/Network.js'
import { createRpcTransport } from '../rpc/createRpcTransport.js'
import type { Eip1193Provider } from './Eip1193Provider.js'
import { toViemChain } from './toViemChain.js'
import { isUsdtContract, usdtAbi } from './usdtContracts.js'

/** One call of `wallet_sendCalls` (EIP-5792). */
export interface WalletCall {
  to: string
  data?: string
  value?: bigint
}

const UNRECOGNIZED_CHAIN = 4902

/**
 * The eip155 adapter: viem over one wallet's EIP-1193 provider. Reads go through the kit's
 * ranked RPC transport when the network has URLs, else through the wallet.
 */
export class Eip155Adapter implements ChainAdapter {
  readonly namespace = 'eip155' as const
  private readonly wallet: WalletClient
  private readonly readers = new Map<string, { client: PublicClient; stop(): void }>()
  private readonly listeners = new Set<() => void>()

  constructor(
    /** The wallet's own EIP-1193 provider: the kit's eip155 provider forwards wallet calls to it. */
    readonly provider: Eip1193Provider,
    private readonly context: AdapterContext,
    private readonly options: { usdtContracts?: ReadonlySet<string>; peerWallet?: () => PeerWallet | undefined } = {},
  ) {
    this.wallet = createWalletClient({ transport: custom(provider, { retryCount: 0 }) })
  }

  async connect({ network, silent = false }: { network?: Network; silent?: boolean }): Promise<AdapterSession> {
    let addresses: string[]
    try {
      addresses = (await this.provider.request({ method: silent ? 'eth_accounts' : 'eth_requestAccounts' })) as string[]
    } catch (error) {
      throw toConnectionError(error)
    }
    if (!Array.isArray(addresses) || addresses.length === 0) throw new FailedToConnectError()
    let chainId = await this.chainId()
    if (network && !silent && Number(network.id) !== chainId) {
      // As AppKit does: a wallet that cannot or will not switch stays connected on its own chain;
      // the kit marks that network unsupported and offers the switch (UnsupportedChain view).
      await this.switchNetwork(network).catch((error: unknown) => {
        if (!(error instanceof ChainNotSupportedError || error instanceof NetworkSwitchDeclinedError)) throw error
      })
      chainId = await this.chainId()
    }
    return { accounts: addresses.map((address) => this.account(address)), caipNetworkId: `eip155:${chainId}`, wallet: this.options.peerWallet?.() }
  }

  async disconnect(): Promise<void> {
    // EIP-2255 revocation, where the wallet has it, so a reload does not reconnect silently.
    // A wallet without the method is fine; a wallet that fails at it is reported.
    await this.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch((error: unknown) => {
      if (!isUnsupportedMethod(error)) throw error
    })
  }

  async switchNetwork(network: Network): Promise<void> {
    const chainId = numberToHex(Number(network.id))
    try {
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      return
    } catch (error) {
      if (isUserRejection(error)) throw new NetworkSwitchDeclinedError({ caipNetworkId: network.caipNetworkId, cause: error })
      if (!isUnrecognizedChain(error)) throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId, cause: error })
    }
    // The wallet does not know the chain: add it, then switch (SPEC §4).
    try {
      await this.provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: this.context.rpcUrls(network).length ? this.context.rpcUrls(network) : network.rpcUrls.chainDefault?.http ?? [],
            ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          },
        ],
      })
      await this.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (isUserRejection(error)) throw new NetworkSwitchDeclinedError({ caipNetworkId: network.caipNetworkId, cause: error })
      throw new ChainNotSupportedError({ caipNetworkId: network.caipNetworkId, cause: error })
    }
  }

  async getBalance({ address, network }: { address: string; network: Network }): Promise<Balance> {
    const value = await this.reader(network).getBalance({ address: address as Address })
    const { decimals, symbol } = network.nativeCurrency
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }

  /**
   * An ERC20 balance.
   *
   * @param params - holder, token contract and network
   */
  async getTokenBalance({ address, token, network }: { address: string; token: string; network: Network }): Promise<Balance> {
    const reader = this.reader(network)
    const contract = { address: token as Address, abi: erc20Abi } as const
    const [value, decimals, symbol] = await Promise.all([
      reader.readContract({ ...contract, functionName: 'balanceOf', args: [address as Address] }),
      reader.readContract({ ...contract, functionName: 'decimals' }),
      reader.readContract({ ...contract, functionName: 'symbol' }),
    ])
    return { value, decimals, symbol, formatted: formatUnits(value, decimals) }
  }

  async signMessage({ address, message }: { address: string; message: string }): Promise<string> {
    return declinable(() => this.wallet.signMessage({ account: address as Address, message }))
  }

  /**
   * Signs EIP-712 typed data (`eth_signTypedData_v4`).
   *
   * @param params - signer and the typed data
   */
  async signTypedData({ address, typedData }: { address: string; typedData: TypedDataDefinition }): Promise<string> {
    return declinable(() => this.wallet.signTypedData({ account: address as Address, ...typedData } as never))
  }

  async sendTransaction({ network, from, to, amount, token }: SendTransactionParams): Promise<string> {
    const chain = toViemChain(network, this.context.rpcUrls(network))
    const account = getAddress(from)
    if (!token) {
      return declinable(() => this.wallet.sendTransaction({ account, chain, to: getAddress(to), value: amount }))
    }
    const usdt = isUsdtContract(chain.id, token.address, this.options.usdtContracts)
    const call = {
      account,
      chain,
      address: getAddress(token.address),
      abi: usdt ? usdtAbi : erc20Abi,
      functionName: 'transfer',
      args: [getAddress(to), amount],
    } as const
    // Simulated first, so a transfer that would revert fails before the wallet prompts. This is
    // where USDT's transfer without a return value needs its own ABI (SPEC §9).
    await this.reader(network).simulateContract(call as never)
    return declinable(() => this.wallet.writeContract(call as never))
  }

  /**
   * Sends a batch through EIP-5792 `wallet_sendCalls`; each call's `to` and `data` must start
   * with 0x (SPEC §5).
   *
   * @param params - sender, network and calls
   * @returns the wallet's batch id
   */
  async sendCalls({ from, network, calls }: { from: string; network: Network; calls: readonly WalletCall[] }): Promise<string> {
    calls.forEach((call, index) => {
      if (typeof call.to !== 'string' || !call.to.startsWith('0x')) throw new InvalidCallsError({ index })
      if (call.data !== undefined && (typeof call.data !== 'string' || !call.data.startsWith('0x'))) throw new InvalidCallsError({ index })
    })
    const result = await declinable(() =>
      this.provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: numberToHex(Number(network.id)),
            from,
            atomicRequired: false,
            calls: calls.map((call) => ({
              to: call.to,
              ...(call.data ? { data: call.data } : {}),
              ...(call.value !== undefined ? { value: numberToHex(call.value) } : {}),
            })),
          },
        ],
      }),
    )
    return typeof result === 'string' ? result : String((result as { id?: unknown }).id)
  }

  /** Waits for a transaction on the network. */
  async waitForTransaction({ hash, network }: { hash: string; network: Network }): Promise<'success' | 'reverted'> {
    const receipt = await this.reader(network).waitForTransactionReceipt({ hash: hash as Hex })
    return receipt.status
  }

  onEvent(listener: (event: AdapterEvent) => void): () => void {
    const onAccounts = (accounts: string[]) => {
      if (!Array.isArray(accounts) || accounts.length === 0) return listener({ type: 'disconnect' })
      listener({ type: 'accountsChanged', accounts: accounts.map((a) => this.account(a)) })
    }
    const onChain = (chainId: string | number) => listener({ type: 'chainChanged', caipNetworkId: `eip155:${Number(chainId)}` as CaipNetworkId })
    const onDisconnect = () => listener({ type: 'disconnect' })
    this.provider.on?.('accountsChanged', onAccounts)
    this.provider.on?.('chainChanged', onChain)
    this.provider.on?.('disconnect', onDisconnect)
    const remove = () => {
      this.provider.removeListener?.('accountsChanged', onAccounts)
      this.provider.removeListener?.('chainChanged', onChain)
      this.provider.removeListener?.('disconnect', onDisconnect)
      this.listeners.delete(remove)
    }
    this.listeners.add(remove)
    return remove
  }

  dispose(): void {
    for (const remove of [...this.listeners]) remove()
    for (const reader of this.readers.values()) reader.stop()
    this.readers.clear()
  }

  private account(address: string) {
    return { namespace: 'eip155' as const, address: getAddress(address), type: 'eoa' as const }
  }

  private async chainId(): Promise<number> {
    return Number(await this.provider.request({ method: 'eth_chainId' }))
  }

  private reader(network: Network): PublicClient {
    const existing = this.readers.get(network.caipNetworkId)
    if (existing) return existing.client
    const urls = this.context.rpcUrls(network)
    const { transport, stop } = urls.length ? createRpcTransport(urls) : { transport: custom(this.provider), stop: () => {} }
    const client = createPublicClient({ chain: toViemChain(network, urls), transport }) as PublicClient
    this.readers.set(network.caipNetworkId, { client, stop })
    return client
  }
}

function isUnrecognizedChain(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === UNRECOGNIZED_CHAIN) return true
    const data = (current as { data?: { originalError?: { code?: unknown } } }).data
    if (data?.originalError?.code === UNRECOGNIZED_CHAIN) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

// EIP-1193 4200 (unsupported method), JSON-RPC -32601 (method not found), 4100 (unauthorized).
function isUnsupportedMethod(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  return code === 4200 || code === -32601 || code === 4100 || /not (supported|found|exist)/i.test(String((error as Error)?.message))
}
