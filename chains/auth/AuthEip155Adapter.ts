import type { AdapterContext, AdapterSession } from '../adapter/ChainAdapter.js'
import { Eip155Adapter } from '../eip155/adapter.js'
import type { Network } from '../networks/Network.js'
import type { AuthFrameProvider } from './AuthFrameProvider.js'

/** SPEC §9: a disconnect waits at most this long for the frame's sign-out. */
const DISCONNECT_WAIT_MS = 3_000

/**
 * The eip155 adapter over the embedded wallet: viem over the frame's EIP-1193 provider, with the
 * session's own reconnect (the frame remembers the visitor; `eth_accounts` alone does not) and
 * sign-out as disconnect.
 */
export class AuthEip155Adapter extends Eip155Adapter {
  constructor(
    private readonly auth: AuthFrameProvider,
    context: AdapterContext,
  ) {
    super(auth, context)
  }

  override async connect(params: { network?: Network; silent?: boolean }): Promise<AdapterSession> {
    // A reload: the frame still holds the session if it has not expired.
    if (params.silent && !this.auth.user && (await this.auth.isConnected())) await this.auth.getUser(params.network ? Number(params.network.id) : undefined)
    return super.connect(params)
  }

  /** Signs out of the frame; a frame that does not answer in 3 s does not keep the page connected. */
  override async disconnect(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, DISCONNECT_WAIT_MS)))
    await Promise.race([this.auth.signOut().catch(() => {}), waited])
    clearTimeout(timer)
  }
}
