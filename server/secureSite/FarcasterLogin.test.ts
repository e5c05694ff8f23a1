import { afterAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openSecureSiteStorage } from '../../test/support/openSecureSiteStorage.js'
import { sharedLoginState } from '../../test/support/redis/sharedLoginState.js'
import { parseConnectUrl, siwfMessage } from '../../test/support/farcasterTestClient.js'
import { FarcasterRelay } from '../farcaster/FarcasterRelay.js'
import { localFarcasterConnect } from '../farcaster/FarcasterConnect.js'
import { FarcasterLogin } from './FarcasterLogin.js'
import { SocialLogin } from './SocialLogin.js'
import { SocialClients } from './SocialClients.js'
import { SplitKeyStore } from './SplitKeyStore.js'
import { SocialResultInvalidError } from './errors.js'

// Issue 31: the frame starts a Farcaster login on one instance and its polls may reach another;
// the approved login is handed out once, whichever instances poll.
const closes: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of closes) await close()
})

describe.each(['memory', 'redis'] as const)('FarcasterLogin pending logins in %s', (kind) => {
  it('31: a login started on one instance is finished by a poll on another, and only once', async () => {
    const { storage, close } = await openSecureSiteStorage()
    closes.push(close)
    const secret = randomBytes(32)
    const shared = await sharedLoginState(kind, (stop) => closes.push(stop))
    // One relay (the dev stand-in or the real one): both instances reach the same.
    const relay = new FarcasterRelay()
    const { connect, registry } = localFarcasterConnect(relay)
    const social = new SocialLogin({ storage, keys: new SplitKeyStore(storage, secret), clients: new SocialClients(() => ({})) })
    const [a, b] = [0, 1].map(() => new FarcasterLogin({ relay: connect, registry, social, pending: shared.open('farcaster-logins', secret) })) as [FarcasterLogin, FarcasterLogin]

    const custody = privateKeyToAccount(generatePrivateKey())
    await relay.register(4242, custody.address, 'alice')
    const { url, loginSecret } = await a.start('latch-dev', 'http://127.0.0.1:5173')
    // Positive control: pending on the other instance until the visitor approves.
    expect(await b.poll(loginSecret)).toEqual({ pending: true })
    const { channelToken } = parseConnectUrl(url)
    const message = siwfMessage(url, custody.address, 4242)
    await relay.authenticate(channelToken, { message, signature: await custody.signMessage({ message }), fid: 4242 })

    const polls = await Promise.allSettled([b.poll(loginSecret), a.poll(loginSecret)])
    const finished = polls.filter((poll) => poll.status === 'fulfilled').map((poll) => poll.value)
    expect(finished).toEqual([expect.objectContaining({ projectId: 'latch-dev', appOrigin: 'http://127.0.0.1:5173' })])
    await expect(b.poll(loginSecret)).rejects.toBeInstanceOf(SocialResultInvalidError)
  })
})
