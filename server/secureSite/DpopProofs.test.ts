import { afterAll, describe, expect, it } from 'vitest'
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose'
import { DpopProofs } from './DpopProofs.js'
import { ProofReplayCache } from './ProofReplayCache.js'
import { DeviceKey } from '../../test/support/deviceKey.js'
import { startRedisServer } from '../../test/support/redis/startRedisServer.js'
import { openRedis } from '../plugins/redis/openRedis.js'
import { redisFirstSightings } from '../plugins/redis/redisFirstSightings.js'

const URL_ = 'https://wallet.example/api/sign'
const now = () => Math.floor(Date.now() / 1000)

/** A proof with the given claims and header, signed by `privateKey` (the device's own by default). */
async function proofWith({ claims = {}, header = {}, signer }: { claims?: Record<string, unknown>; header?: Record<string, unknown>; signer?: CryptoKey } = {}) {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk: JWK = await exportJWK(publicKey)
  return new SignJWT({ htm: 'POST', htu: URL_, jti: crypto.randomUUID(), iat: now(), ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk, ...header })
    .sign(signer ?? privateKey)
}

const refusal = (proofs: DpopProofs, proof: string | undefined, accessToken?: string, boundTo?: string) =>
  proofs.verify({ proof, method: 'POST', url: URL_, ...(accessToken ? { accessToken } : {}), ...(boundTo ? { boundTo } : {}) }).then(
    () => 'accepted',
    (error: { shortMessage: string }) => error.shortMessage,
  )

describe('DpopProofs', () => {
  it('accepts a fresh proof for this request and returns its key’s thumbprint; the query is not part of htu', async () => {
    const key = await DeviceKey.create()
    const proofs = new DpopProofs()
    expect(await proofs.verify({ proof: await key.proof('POST', URL_), method: 'POST', url: URL_ })).toBe(await key.thumbprint())
    expect(await proofs.verify({ proof: await key.proof('POST', `${URL_}?x=1`, { accessToken: 'token' }), method: 'POST', url: URL_, accessToken: 'token' })).toBe(await key.thumbprint())
  })

  it('refuses a proof that is missing, for another request, stale, or for another token', async () => {
    const key = await DeviceKey.create()
    const proofs = new DpopProofs()
    expect(await refusal(proofs, undefined)).toBe('Invalid device proof: missing')
    expect(await refusal(proofs, await key.proof('GET', URL_))).toBe('Invalid device proof: another method')
    expect(await refusal(proofs, await key.proof('POST', 'https://wallet.example/api/rpc'))).toBe('Invalid device proof: another URL')
    expect(await refusal(proofs, await key.proof('POST', 'https://evil.example/api/sign'))).toBe('Invalid device proof: another URL')
    expect(await refusal(proofs, await proofWith({ claims: { iat: now() - 120 } }))).toBe('Invalid device proof: stale')
    expect(await refusal(proofs, await proofWith({ claims: { iat: now() + 120 } }))).toBe('Invalid device proof: stale')
    expect(await refusal(proofs, await key.proof('POST', URL_), 'token')).toBe('Invalid device proof: another token')
    expect(await refusal(proofs, await key.proof('POST', URL_, { accessToken: 'other' }), 'token')).toBe('Invalid device proof: another token')
    expect(await refusal(proofs, await proofWith({ claims: { jti: undefined } }))).toBe('Invalid device proof: no id')
  })

  it('for a session’s request, refuses another key’s proof and a proof seen before; keeps no proof that starts a session', async () => {
    const [key, other] = await Promise.all([DeviceKey.create(), DeviceKey.create()])
    const [bound, otherBound] = await Promise.all([key.thumbprint(), other.thumbprint()])
    const proofs = new DpopProofs()
    const once = await key.proof('POST', URL_, { accessToken: 'token', jti: 'fixed-id-0001' })
    expect(await refusal(proofs, once, 'token', otherBound)).toBe('Invalid device proof: another key')
    expect(await refusal(proofs, once, 'token', bound)).toBe('accepted')
    expect(await refusal(proofs, once, 'token', bound)).toBe('Invalid device proof: replayed')
    // The same jti from another key is another proof: ids are per key.
    expect(await refusal(proofs, await other.proof('POST', URL_, { accessToken: 'token', jti: 'fixed-id-0001' }), 'token', otherBound)).toBe('accepted')
    const login = await key.proof('POST', URL_)
    expect(await refusal(proofs, login)).toBe('accepted')
    expect(await refusal(proofs, login)).toBe('accepted')
  })

  it('refuses a proof of another type or algorithm, one signed by a key other than its header’s, and a private key in the header', async () => {
    const proofs = new DpopProofs()
    const bad = 'Invalid device proof: bad signature or header'
    expect(await refusal(proofs, await proofWith({ header: { typ: 'JWT' } }))).toBe(bad)
    expect(await refusal(proofs, await proofWith({ signer: (await generateKeyPair('ES256')).privateKey }))).toBe(bad)
    const { privateKey } = await generateKeyPair('ES256', { extractable: true })
    expect(await refusal(proofs, await proofWith({ header: { jwk: await exportJWK(privateKey) }, signer: privateKey }))).toBe(bad)
    const hmac = await new SignJWT({ htm: 'POST', htu: URL_, jti: crypto.randomUUID(), iat: now() }).setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt' }).sign(new Uint8Array(32))
    expect(await refusal(proofs, hmac)).toBe(bad)
  })
})

describe('ProofReplayCache', () => {
  it('forgets ids once their time is past, and refuses new ones rather than forget live ones when full', () => {
    const cache = new ProofReplayCache(2)
    expect(cache.remember('a', 1_000, 0)).toBe(true)
    expect(cache.remember('a', 1_000, 10)).toBe(false)
    expect(cache.remember('b', 1_000, 10)).toBe(true)
    expect(cache.remember('c', 2_000, 20)).toBe(false)
    expect(cache.remember('c', 2_000, 1_000)).toBe(true)
    expect(cache.remember('a', 2_000, 1_000)).toBe(true)
  })
})

// Issue 31: behind a balancer a captured proof may be replayed against another instance.
describe('DpopProofs on two instances sharing Redis', () => {
  const closes: Array<() => Promise<void> | void> = []
  afterAll(async () => {
    for (const close of closes.reverse()) await close()
  })

  it('31: a session proof accepted by one instance is refused as replayed by the other', async () => {
    const redis = await startRedisServer()
    closes.push(() => redis.stop())
    const [a, b] = [0, 1].map(() => {
      const connection = openRedis(redis.url, 'dpop-test')
      closes.push(() => connection.disconnect())
      return new DpopProofs(redisFirstSightings(connection, 'dpop-proofs'))
    }) as [DpopProofs, DpopProofs]
    const key = await DeviceKey.create()
    const bound = await key.thumbprint()
    const once = await key.proof('POST', URL_, { accessToken: 'token' })
    expect(await refusal(a, once, 'token', bound)).toBe('accepted')
    expect(await refusal(b, once, 'token', bound)).toBe('Invalid device proof: replayed')
    // Positive control on the other instance: a fresh proof of the same key is accepted there.
    expect(await refusal(b, await key.proof('POST', URL_, { accessToken: 'token' }), 'token', bound)).toBe('accepted')
  })
})
