import type Redis from 'ioredis'

/** Ids seen once: `remember` is true only the first time an id is given before it expires. */
export interface FirstSightings {
  remember(id: string, expiresAt: number, now?: number): boolean | Promise<boolean>
}

/**
 * First sightings in the shared Redis (`SET NX PX`): one id is new on exactly one instance, so a
 * one-time proof replayed against another instance behind the balancer is still refused.
 *
 * @param redis - the shared Redis
 * @param name - the user, e.g. `dpop-proofs`: the keys' prefix
 * @example
 * const proofs = new DpopProofs(redisFirstSightings(redis, 'dpop-proofs'))
 */
export function redisFirstSightings(redis: Redis, name: string): FirstSightings {
  return {
    async remember(id, expiresAt, now = Date.now()) {
      const answer = await redis.set(`latch:${name}:${id}`, '1', 'PX', Math.max(1, expiresAt - now), 'NX')
      return answer === 'OK'
    },
  }
}
