import type { Address } from 'viem'
import type { ChannelStatus, CreateChannelParams, FarcasterRelay } from './FarcasterRelay.js'

/**
 * The Farcaster Connect relay as the secure site (a relying party) uses it: open a channel, poll
 * its status, close it. The local relay in dev mode, or a configured relay over HTTP.
 */
export interface FarcasterConnect {
  createChannel(params: CreateChannelParams): Promise<{ channelToken: string; url: string; nonce: string }>
  /** @throws FarcasterRelayError for an unknown or expired channel */
  status(channelToken: string): Promise<ChannelStatus>
  close(channelToken: string): Promise<void>
}

/** Who holds a fid: the ID registry's `custodyOf`. Undefined for a fid nobody holds. */
export interface IdRegistry {
  custodyOf(fid: number): Promise<Address | undefined>
}

/** The in-process local relay (dev mode) as a `FarcasterConnect`, and its registry stand-in. */
export function localFarcasterConnect(relay: FarcasterRelay): { connect: FarcasterConnect; registry: IdRegistry } {
  return {
    connect: {
      createChannel: async (params) => relay.createChannel(params),
      status: async (channelToken) => relay.status(channelToken),
      close: async (channelToken) => relay.close(channelToken),
    },
    registry: { custodyOf: async (fid) => relay.custodyOf(fid) },
  }
}
