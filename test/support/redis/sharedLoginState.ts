import type Redis from 'ioredis'
import { memoryExpiringStore, openExpiringStore, type ExpiringStore } from '../../../server/plugins/redis/ExpiringStore.js'
import { openRedis } from '../../../server/plugins/redis/openRedis.js'
import { startRedisServer } from './startRedisServer.js'

/**
 * Login state two "instances" share, for a store's test on both implementations: in memory one
 * store (one process), in Redis a throwaway server and a connection per store, as each instance
 * has. `onClose` is given what stops the server.
 */
export async function sharedLoginState(kind: 'memory' | 'redis', onClose: (close: () => Promise<void>) => void) {
  if (kind === 'memory') {
    const stores = new Map<string, ExpiringStore<never>>()
    return {
      open<T>(name: string, _secret: Buffer): ExpiringStore<T> {
        if (!stores.has(name)) stores.set(name, memoryExpiringStore())
        return stores.get(name) as ExpiringStore<T>
      },
    }
  }
  const server = await startRedisServer()
  const connections: Redis[] = []
  onClose(async () => {
    for (const connection of connections) connection.disconnect()
    await server.stop()
  })
  return {
    open<T>(name: string, secret: Buffer): ExpiringStore<T> {
      const connection = openRedis(server.url, `test-${name}`)
      connections.push(connection)
      return openExpiringStore<T>(name, connection, secret)
    },
  }
}
