import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import * as v from 'valibot'
import { cacheSchema, createStorage as createBareStorage, DEFAULT_STORAGE_PREFIX, type CreateStorageOptions } from './createStorage.js'
import type { StorageDefinitions, StorageKey } from './storageKeys.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'

// Keys a test plugin would declare; the kernel itself declares none.
declare module './storageKeys.js' {
  interface StorageItemMap {
    testRecent: Array<{ id: string; name: string; rdns?: string }>
    testNamespaces: string[]
    testStatus: 'connected' | 'disconnected'
    testFlag: boolean
    testBalanceCache: Record<string, { timestamp: number; value: unknown }>
    testIdentityCache: Record<string, { timestamp: number; value: unknown }>
  }
}

const DEFINITIONS: StorageDefinitions = {
  testRecent: { schema: v.pipe(v.array(v.object({ id: v.string(), name: v.string(), rdns: v.optional(v.string()) })), v.maxLength(2)) },
  testNamespaces: { schema: v.array(v.string()) },
  testStatus: { schema: v.picklist(['connected', 'disconnected']) },
  testFlag: { schema: v.boolean() },
  testBalanceCache: { schema: cacheSchema(v.unknown()), ttlMs: 30_000 },
  testIdentityCache: { schema: cacheSchema(v.unknown()), ttlMs: 5 * 60_000 },
}
const KEYS = Object.keys(DEFINITIONS) as StorageKey[]

const createStorage = (options: CreateStorageOptions = {}) => {
  const storage = createBareStorage(options)
  storage.define(DEFINITIONS)
  return storage
}

describe('createStorage', () => {
  it('keeps every key under one prefix, typed', () => {
    const backend = createMemoryStorage()
    const storage = createStorage({ backend })
    storage.set('testRecent', [{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }])
    expect(backend.getItem(`${DEFAULT_STORAGE_PREFIX}testRecent`)).toBe(
      '[{"id":"metamask","name":"MetaMask","rdns":"io.metamask"}]',
    )
    expect(storage.get('testRecent')).toEqual([{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }])
  })

  describe('given a corrupt or foreign stored value', () => {
    it('falls back to the default and removes the value', () => {
      const backend = createMemoryStorage()
      backend.setItem('@latch/testNamespaces', '{not json')
      backend.setItem('@latch/testRecent', JSON.stringify([{ id: 1 }, 'x', 'y']))
      backend.setItem('@latch/testStatus', '"hacked"')
      const onError = vi.fn()
      const storage = createStorage({ backend, onError })
      expect(storage.get('testNamespaces')).toBeUndefined()
      expect(storage.get('testRecent')).toBeUndefined()
      expect(storage.get('testStatus')).toBeUndefined()
      expect(backend.length).toBe(0)
      expect(onError).toHaveBeenCalledTimes(3)
    })

    it('given any text in any key (seed 7), never throws and reads undefined or a valid value', () => {
      fc.assert(
        fc.property(fc.constantFrom(...KEYS), fc.oneof(fc.string(), fc.json()), (key, text) => {
          const backend = createMemoryStorage()
          backend.setItem(DEFAULT_STORAGE_PREFIX + key, text)
          const value = createStorage({ backend }).get(key)
          // A value that came back is one its key's schema accepts, read from the text kept as it was.
          return value === undefined || (v.is(DEFINITIONS[key]!.schema, value) && backend.getItem(DEFAULT_STORAGE_PREFIX + key) === text)
        }),
        { seed: 7 },
      )
    })
  })

  it('refuses to store a value that breaks its schema', () => {
    const backend = createMemoryStorage()
    const storage = createStorage({ backend })
    // @ts-expect-error: a wrong type on purpose
    storage.set('testFlag', 'yes')
    storage.set('testRecent', [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ])
    expect(backend.length).toBe(0)
  })

  describe('given a localStorage that throws', () => {
    it('never lets quota or security errors escape, and keeps values for the session', () => {
      const throwing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
        getItem: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        },
        setItem: () => {
          throw new DOMException('Quota exceeded', 'QuotaExceededError')
        },
        removeItem: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        },
      }
      const onError = vi.fn()
      const storage = createStorage({ backend: throwing, onError })
      expect(() => storage.set('testStatus', 'connected')).not.toThrow()
      expect(storage.get('testStatus')).toBe('connected')
      expect(() => storage.remove('testStatus')).not.toThrow()
      expect(storage.get('testStatus')).toBeUndefined()
      expect(onError).toHaveBeenCalled()
    })

    it('works when reading localStorage itself throws', () => {
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied', 'SecurityError')
        },
      })
      try {
        const storage = createStorage()
        storage.set('testNamespaces', ['solana'])
        expect(storage.get('testNamespaces')).toEqual(['solana'])
      } finally {
        if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
        else delete (globalThis as { localStorage?: unknown }).localStorage
      }
    })
  })

  it('reads a key no plugin defined as undefined and never writes it', () => {
    const backend = createMemoryStorage()
    backend.setItem('@latch/undeclared', '"x"')
    const onError = vi.fn()
    const storage = createBareStorage({ backend, onError })
    expect(storage.get('testFlag')).toBeUndefined()
    storage.set('testFlag', true)
    expect(backend.getItem('@latch/testFlag')).toBeNull()
    expect(onError).toHaveBeenCalledTimes(2)
  })

  describe('caches', () => {
    it('serves balances for 30 s and identities for 5 minutes, then drops them', () => {
      let now = 1_000_000
      const storage = createStorage({ backend: createMemoryStorage(), now: () => now })
      storage.writeCache('testBalanceCache', 'eip155:1:0xabc', { balance: '1.5' })
      storage.writeCache('testIdentityCache', '0xabc', { name: 'vitalik.eth' })
      now += 29_999
      expect(storage.readCache('testBalanceCache', 'eip155:1:0xabc')).toEqual({ balance: '1.5' })
      now += 1
      expect(storage.readCache('testBalanceCache', 'eip155:1:0xabc')).toBeUndefined()
      expect(storage.get('testBalanceCache')).toEqual({})
      now += 5 * 60_000 - 30_001
      expect(storage.readCache('testIdentityCache', '0xabc')).toEqual({ name: 'vitalik.eth' })
      now += 1
      expect(storage.readCache('testIdentityCache', '0xabc')).toBeUndefined()
    })
  })
})
