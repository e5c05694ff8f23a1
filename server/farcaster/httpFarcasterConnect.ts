import { FarcasterRelayError, type ChannelStatus } from './FarcasterRelay.js'
import type { FarcasterConnect } from './FarcasterConnect.js'

const TIMEOUT_MS = 10_000

/**
 * A Farcaster Connect relay over its HTTP API (`@farcaster/auth-relay`, e.g.
 * `https://relay.farcaster.xyz`): `POST /v1/channel`, `GET /v1/channel/status` with the channel
 * token as bearer. The relay has no close: a channel expires there by itself.
 *
 * @param relayUrl - the relay's base URL
 */
export function httpFarcasterConnect(relayUrl: string): FarcasterConnect {
  const base = relayUrl.replace(/\/$/, '')
  const request = async (path: string, init: RequestInit) => {
    const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    // The relay's 401 (unknown or expired channel) is the same refusal as the local relay's.
    if (response.status === 401) throw new FarcasterRelayError(401, 'INVALID_CHANNEL', 'Unknown channel token')
    if (!response.ok) throw new Error(`the Farcaster relay answered ${response.status}`)
    return body
  }
  return {
    async createChannel(params) {
      const body = await request('/v1/channel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) })
      if (typeof body.channelToken !== 'string' || typeof body.url !== 'string' || typeof body.nonce !== 'string') throw new Error('the Farcaster relay gave no channel')
      return { channelToken: body.channelToken, url: body.url, nonce: body.nonce }
    },
    async status(channelToken) {
      return (await request('/v1/channel/status', { method: 'GET', headers: { authorization: `Bearer ${channelToken}` } })) as unknown as ChannelStatus
    },
    async close() {},
  }
}
