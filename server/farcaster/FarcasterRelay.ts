import { randomBytes } from 'node:crypto'
import { isAddress, isAddressEqual, isHex, type Address, type Hex } from 'viem'
import { generateSiweNonce } from 'viem/siwe'
import { verifySiwfMessage } from './verifySiwfMessage.js'
import type { ReplyCode } from '../errors/codes.js'
import { FidAlreadyRegisteredError } from '../plugins/dev/errors.js'
import { ServerError } from '../errors/ServerError.js'
import { ServerErrorCodes } from '../errors/codes.js'

/** A channel lives this long unless the relying party asks for less (the Farcaster relay's own default). */
export const CHANNEL_TTL_MS = 10 * 60_000
const MAX_CHANNELS = 10_000

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

export type ChannelStatus =
  | { state: 'pending'; nonce: string; url: string }
  | ({ state: 'completed'; nonce: string; url: string } & ApprovalParams)

interface Channel {
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
 */
export class FarcasterRelay {
  readonly #channels = new Map<string, Channel>()
  readonly #registry = new Map<number, { custody: Address; username?: string }>()
  readonly #now: () => number

  constructor({ now = Date.now }: { now?: () => number } = {}) {
    this.#now = now
  }

  /**
   * The ID registry stand-in: which address holds a fid. A registered fid keeps its custody
   * address (registering it again with the same one is a no-op): whoever could replace it would
   * sign in as that fid and take its wallet.
   *
   * @throws FidAlreadyRegisteredError for a registered fid and another address
   */
  register(fid: number, custody: Address, username?: string): void {
    if (!Number.isSafeInteger(fid) || fid <= 0) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'fid must be a positive integer')
    if (!isAddress(custody)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'custody must be an address')
    const known = this.#registry.get(fid)
    if (known && !isAddressEqual(known.custody, custody)) throw new FidAlreadyRegisteredError({ fid })
    if (!known) this.#registry.set(fid, { custody, username })
  }

  custodyOf(fid: number): Address | undefined {
    return this.#registry.get(fid)?.custody
  }

  createChannel(params: CreateChannelParams): { channelToken: string; url: string; nonce: string } {
    this.#sweep()
    if (this.#channels.size >= MAX_CHANNELS) throw new FarcasterRelayError(429, 'RATE_LIMITED', 'Too many open channels')
    if (!URL.canParse(params.siweUri) || !/^https?:$/.test(new URL(params.siweUri).protocol)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'siweUri must be an http(s) URL')
    // SIWE nonces are alphanumeric.
    const nonce = params.nonce ?? generateSiweNonce()
    const requested = params.expirationTime ? Date.parse(params.expirationTime) : Number.NaN
    const expiresAt = Math.min(this.#now() + CHANNEL_TTL_MS, Number.isNaN(requested) ? Infinity : requested)
    const channelToken = token()
    const url = `farcaster://connect?${new URLSearchParams({ channelToken, nonce, siweUri: params.siweUri, domain: params.domain })}`
    this.#channels.set(channelToken, { domain: params.domain, siweUri: params.siweUri, nonce, url, requestId: params.requestId, expiresAt })
    return { channelToken, url, nonce }
  }

  /** The Farcaster client approves: the message must be valid for this channel and signed by the fid's custody address. */
  async authenticate(channelToken: string, approval: ApprovalParams): Promise<ChannelStatus> {
    const channel = this.#channel(channelToken)
    if (channel.approval) throw new FarcasterRelayError(409, 'CHANNEL_COMPLETED', 'This channel is already completed')
    if (!isHex(approval.signature)) throw new FarcasterRelayError(400, 'INVALID_REQUEST', 'signature must be hex')
    const custody = this.custodyOf(approval.fid)
    if (!custody) throw new FarcasterRelayError(401, 'UNKNOWN_FID', `fid ${approval.fid} is not registered`)
    const problem = await verifySiwfMessage({ ...approval, custody, domain: channel.domain, nonce: channel.nonce, now: new Date(this.#now()) })
    if (problem) throw new FarcasterRelayError(401, 'INVALID_SIGNATURE', `Invalid sign-in message: ${problem}`)
    // Re-read: the channel may have expired or completed while the signature was checked.
    const current = this.#channel(channelToken)
    if (current.approval) throw new FarcasterRelayError(409, 'CHANNEL_COMPLETED', 'This channel is already completed')
    current.approval = { ...approval, username: approval.username ?? this.#registry.get(approval.fid)?.username }
    return this.status(channelToken)
  }

  status(channelToken: string): ChannelStatus {
    const channel = this.#channel(channelToken)
    const base = { nonce: channel.nonce, url: channel.url }
    return channel.approval ? { state: 'completed', ...base, ...channel.approval } : { state: 'pending', ...base }
  }

  /** The relying party is done with the channel (or gives up on it). */
  close(channelToken: string): void {
    this.#channels.delete(channelToken)
  }

  #channel(channelToken: string): Channel {
    const channel = this.#channels.get(channelToken)
    if (!channel) throw new FarcasterRelayError(401, 'INVALID_CHANNEL', 'Unknown channel token')
    if (channel.expiresAt <= this.#now()) {
      this.#channels.delete(channelToken)
      throw new FarcasterRelayError(401, 'CHANNEL_EXPIRED', 'This channel has expired')
    }
    return channel
  }

  #sweep() {
    const now = this.#now()
    for (const [key, channel] of this.#channels) if (channel.expiresAt <= now) this.#channels.delete(key)
  }
}
