import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sharedLoginState } from '../../test/support/redis/sharedLoginState.js'
import { siwfMessage } from '../../test/support/farcasterTestClient.js'
import { FarcasterRelay } from './FarcasterRelay.js'

// Issue 31: a local cluster's instances are one dev relay when they share Redis: a fid registered
// and a channel opened through one are approved and read through another.
const closes: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of closes) await close()
})

describe.each(['memory', 'redis'] as const)('the local Farcaster relay with channels in %s', (kind) => {
  it('31: a channel opened on one instance is approved on another and reads completed on both; a second approval is refused', async () => {
    const shared = await sharedLoginState(kind, (close) => closes.push(close))
    const secret = randomBytes(32)
    const [a, b] = [0, 1].map(() => new FarcasterRelay({ channels: shared.open('farcaster-channels', secret), registry: shared.open('farcaster-registry', secret) })) as [FarcasterRelay, FarcasterRelay]
    const custody = privateKeyToAccount(generatePrivateKey())
    await a.register(777, custody.address, 'carol')
    expect(await b.custodyOf(777)).toBe(custody.address)

    const { channelToken, url } = await a.createChannel({ domain: '127.0.0.1:5173', siweUri: 'http://127.0.0.1:5173/' })
    expect((await b.status(channelToken)).state).toBe('pending')
    const message = siwfMessage(url, custody.address, 777)
    const approval = { message, signature: await custody.signMessage({ message }), fid: 777 }
    expect(await b.authenticate(channelToken, approval)).toMatchObject({ state: 'completed', fid: 777, username: 'carol' })
    expect(await a.status(channelToken)).toMatchObject({ state: 'completed', fid: 777 })
    await expect(a.authenticate(channelToken, approval)).rejects.toThrow('already completed')
    await a.close(channelToken)
    await expect(b.status(channelToken)).rejects.toThrow('Unknown channel token')
  })
})
