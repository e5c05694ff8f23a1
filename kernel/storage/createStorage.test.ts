import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createStorage, DEFAULT_STORAGE_PREFIX } from './createStorage.js'
import { StorageSchemas, type StorageKey } from './storageKeys.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'

const KEYS = Object.keys(StorageSchemas) as StorageKey[]

describe('createStorage', () => {
  it('keeps every key under one prefix, typed', () => {
    const backend = createMemoryStorage()
    const storage = createStorage({ backend })
    storage.set('recentWallets', [{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }])
    expect(backend.getItem(`${DEFAULT_STORAGE_PREFIX}recentWallets`)).toBe(
      '[{"id":"metamask","name":"MetaMask","rdns":"io.metamask"}]',
    )
    expect(storage.get('recentWallets')).toEqual([{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }])
  })

  describe('given a corrupt or foreign stored value', () => {
    it('falls back to the default and removes the value', () => {
      const backend = createMemoryStorage()
      backend.setItem('@latch/connectedNamespaces', '{not json')
      backend.setItem('@latch/recentWallets', JSON.stringify([{ id: 1 }, 'x', 'y']))
      backend.setItem('@latch/connectionStatus', '"hacked"')
      const onError = vi.fn()
      const storage = createStorage({ backend, onError })
      expect(storage.get('connectedNamespaces')).toBeUndefined()
      expect(storage.get('recentWallets')).toBeUndefined()
      expect(storage.get('connectionStatus')).toBeUndefined()
      expect(backend.length).toBe(0)
      expect(onError).toHaveBeenCalledTimes(3)
    })

    it('given any text in any key (seed 7), never throws and reads undefined or a valid value', () => {
      fc.assert(
        fc.property(fc.constantFrom(...KEYS), fc.oneof(fc.string(), fc.json()), (key, text) => {
          const backend = createMemoryStorage()
          backend.setItem(DEFAULT_STORAGE_PREFIX + key, text)
          const value = createStorage({ backend }).get(key)
          return value === undefined || backend.getItem(DEFAULT_STORAGE_PREFIX + key) === text
        }),
        { seed: 7 },
      )
    })
  })

  it('refuses to store a value that breaks its schema', () => {
    const backend = createMemoryStorage()
    const storage = createStorage({ backend })
    // @ts-expect-error: a wrong type on purpose
    storage.set('emailLoginUsed', 'yes')
    storage.set('recentWallets', [
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
      expect(() => storage.set('activeNamespace', 'eip155')).not.toThrow()
      expect(storage.get('activeNamespace')).toBe('eip155')
      expect(() => storage.remove('activeNamespace')).not.toThrow()
      expect(storage.get('activeNamespace')).toBeUndefined()
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
        storage.set('lastUsedChain', 'solana')
        expect(storage.get('lastUsedChain')).toBe('solana')
      } finally {
        if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor)
        else delete (globalThis as { localStorage?: unknown }).localStorage
      }
    })
  })

  describe('caches', () => {
    it('serves balances for 30 s and identities for 5 minutes, then drops them', () => {
      let now = 1_000_000
      const storage = createStorage({ backend: createMemoryStorage(), now: () => now })
      storage.writeCache('balanceCache', 'eip155:1:0xabc', { balance: '1.5' })
      storage.writeCache('identityCache', '0xabc', { name: 'vitalik.eth' })
      now += 29_999
      expect(storage.readCache('balanceCache', 'eip155:1:0xabc')).toEqual({ balance: '1.5' })
      now += 1
      expect(storage.readCache('balanceCache', 'eip155:1:0xabc')).toBeUndefined()
      expect(storage.get('balanceCache')).toEqual({})
      now += 5 * 60_000 - 30_001
      expect(storage.readCache('identityCache', '0xabc')).toEqual({ name: 'vitalik.eth' })
      now += 1
      expect(storage.readCache('identityCache', '0xabc')).toBeUndefined()
    })
  })
})
