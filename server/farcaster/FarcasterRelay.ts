import { randomBytes } from 'node:crypto'
import { isAddress, isAddressEqual, isHex, type Address, type Hex } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { verifySiwfMessage } from './verifySiwfMessage.js'
import type { ReplyCode } from '../errors/codes.js'
import { FidAlreadyRegisteredError } from '../plugins/dev/errors.js'
import { ServerError } from '../errors/ServerError.js'
import { ServerErrorCodes } from '../errors/codes.js'
import { memoryExpiringStore, type ExpiringStore } from '../plugins/redis/ExpiringStore.js'

/** A channel lives this long unless the relying party asks for less (the Farcaster relay's own default). */
export const CHANNEL_TTL_MS = 10 * 60_000
/** In memory, channels past this many push out the oldest: a flood of channels stays bounded. */
const MAX_CHANNELS = 10_000
/** An expired channel is kept this much longer, so that it is answered as expired rather than unknown. */
const EXPIRED_KEPT_MS = 60_000
/** The ID-registry stand-in forgets a fid after this long (a dev relay's registrations outlive no dev session). */
const REGISTRATION_TTL_MS = 30 * 24 * 3600_000

/** A relay refusal (the `@farcaster/auth-relay` codes): the HTTP status, its wire code and a sentence, answered by the error handler. */
export class FarcasterRelayError extends ServerError {
  static readonly code = ServerErrorCodes.FarcasterRelayRefused
  override name = 'FarcasterRelayError'
  /** @param status - a 4xx; @param replyCode - e.g. `CHANNEL_EXPIRED`; @param reason - the sentence naming what is wrong */
  constructor(status: number, replyCode: ReplyCode, reason: string) {
    super(reason, { code: FarcasterRelayError.code, statusCode: status, replyCode })
  }
}

export interface CreateChannelParams {
  domain: string
  siweUri: string
  nonce?: string
  notBefore?: string
  expirationTime?: string
  requestId?: string
}

export interface ApprovalParams {
  message: string
  signature: Hex
  fid: number
  username?: string
  displayName?: string
  pfpUrl?: string
}

/** Who holds a fid, in the ID-registry stand-in. */
export interface Registration {
  custody: Address
  username?: string
}

export type ChannelStatus =
  | { state: 'pending'; nonce: string; url: string }
  | ({ state: 'completed'; nonce: string; url: string } & ApprovalParams)

export interface Channel {
  domain: string
  siweUri: string
  nonce: string
  url: string
  requestId?: string
  expiresAt: number
  approval?: ApprovalParams
}

const token = () => randomBytes(24).toString('base64url')

/**
 * A local Farcaster Connect relay (FIP-11, the `@farcaster/auth-relay` API's shape): a relying
 * party creates a channel and shows its `farcaster://connect` URL; the visitor's Farcaster
 * client signs the Sign-In-With-Farcaster message and posts it with the channel token; the
 * relying party polls the channel's status until it completes. Channels expire.
 *
 * The real relay asks the on-chain ID registry for a fid's custody address; here a small table
 * filled by `register` (`POST /dev/farcaster/register`, dev mode only) stands in for it.
 *
 * Channels and registrations live in memory, or in the shared Redis (`--redis`) so that a local
 * cluster's instances are one relay: a channel opened through one is approved through another.
 */
export class FarcasterRelay {
  readonly #channels: ExpiringStore<Channel>
  readonly #registry: ExpiringStore<Registration>
  readonly #now: () => number

  constructor({
    now = Date.now,
    channels = memoryExpiringStore({ maxEntries: MAX_CHANNELS }),
    registry = memoryExpiringStore(),
  }: { now?: () => number; channels?: ExpiringStore<Channel>; registry?: ExpiringStore<Registration> } = {}) {
    this.#now = now
    this.#channels = channels
    this.#registry = registry
  }

  /**
   * The ID registry stand-in: which address holds a fid. A registered fid keeps its custody
   * address (registering it again with the same one is a no-op): whoever could replace it would
   * sign in as that fid and take its wallet.
   *
   * @throws FidAlreadyRegisteredError for a registered fid and another address
   */
  async register(fid: number, custody: Address, username?: string): Promise<void> {
    if (!Number.isSafeInteger(fid) || fid <= 0) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'fid must be a positive integer')
    if (!isAddress(custody)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'custody must be an address')
    const known = await this.#registry.get(String(fid))
    if (known && !isAddressEqual(known.custody, custody)) throw new FidAlreadyRegisteredError({ fid })
    if (!known) await this.#registry.put(String(fid), { custody, username }, REGISTRATION_TTL_MS)
  }

  async custodyOf(fid: number): Promise<Address | undefined> {
    return (await this.#registry.get(String(fid)))?.custody
  }

  async createChannel(params: CreateChannelParams): Promise<{ channelToken: string; url: string; nonce: string }> {
    if (!URL.canParse(params.siweUri) || !/^https?:$/.test(new URL(params.siweUri).protocol)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'siweUri must be an http(s) URL')
    // SIWE nonces are alphanumeric.
    const nonce = params.nonce ?? generateSiweNonce()
    const requested = params.expirationTime ? Date.parse(params.expirationTime) : Number.NaN
    const expiresAt = Math.min(this.#now() + CHANNEL_TTL_MS, Number.isNaN(requested) ? Infinity : requested)
    const channelToken = token()
    const url = `farcaster://connect?${new URLSearchParams({ channelToken, nonce, siweUri: params.siweUri, domain: params.domain })}`
    const channel: Channel = { domain: params.domain, siweUri: params.siweUri, nonce, url, ...(params.requestId ? { requestId: params.requestId } : {}), expiresAt }
    await this.#channels.put(channelToken, channel, this.#keepFor(channel))
    return { channelToken, url, nonce }
  }

  /** The Farcaster client approves: the message must be valid for this channel and signed by the fid's custody address. */
  async authenticate(channelToken: string, approval: ApprovalParams): Promise<ChannelStatus> {
    const channel = await this.#channel(channelToken)
    if (channel.approval) throw new FarcasterRelayError(409, 'CHANNEL_COMPLETED', 'This channel is already completed')
    if (!isHex(approval.signature)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'signature must be hex')
    const custody = await this.custodyOf(approval.fid)
    if (!custody) throw new FarcasterRelayError(401, 'UNKNOWN_FID', `fid ${approval.fid} is not registered`)
    const problem = await verifySiwfMessage({ ...approval, custody, domain: channel.domain, nonce: channel.nonce, now: new Date(this.#now()) })
    if (problem) throw new FarcasterRelayError(401, 'INVALID_SIGNATURE', `Invalid sign-in message: ${problem}`)
    // Re-read: the channel may have expired or completed while the signature was checked.
    const current = await this.#channel(channelToken)
    if (current.approval) throw new FarcasterRelayError(409, 'CHANNEL_COMPLETED', 'This channel is already completed')
    current.approval = { ...approval, username: approval.username ?? (await this.#registry.get(String(approval.fid)))?.username }
    await this.#channels.put(channelToken, current, this.#keepFor(current))
    return this.status(channelToken)
  }

  async status(channelToken: string): Promise<ChannelStatus> {
    const channel = await this.#channel(channelToken)
    const base = { nonce: channel.nonce, url: channel.url }
    return channel.approval ? { state: 'completed', ...base, ...channel.approval } : { state: 'pending', ...base }
  }

  /** The relying party is done with the channel (or gives up on it). */
  async close(channelToken: string): Promise<void> {
    await this.#channels.take(channelToken)
  }

  #keepFor(channel: Channel): number {
    return Math.max(0, channel.expiresAt - this.#now()) + EXPIRED_KEPT_MS
  }

  async #channel(channelToken: string): Promise<Channel> {
    const channel = await this.#channels.get(channelToken)
    if (!channel) throw new FarcasterRelayError(401, 'INVALID_CHANNEL', 'Unknown channel token')
    // The store's own expiry runs on the real clock; this one on `now`, which a test moves.
    if (channel.expiresAt <= this.#now()) {
      await this.#channels.take(channelToken)
      throw new FarcasterRelayError(401, 'CHANNEL_EXPIRED', 'This channel has expired')
    }
    return channel
  }
}
