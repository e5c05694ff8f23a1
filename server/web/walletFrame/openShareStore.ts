/** What this device holds of a split key (KEY_SHARES.md): its device share, and until a passkey replaces it, the recovery secret. */
export interface DeviceShares {
  evmAddress: string
  deviceShare: Uint8Array
  /** Opens the recovery share the server keeps sealed, until a passkey seals it instead (then absent: `PasskeyRecovery.register`). */
  recoverySecret?: Uint8Array
  /** The device share of the Solana (ed25519) seed and its address, when that key is split too. */
  solanaShare?: Uint8Array
  solanaAddress?: string
}

/** Where the frame keeps its shares, per EVM address. */
export interface ShareStore {
  keep(shares: DeviceShares): Promise<void>
  get(evmAddress: string): Promise<DeviceShares | undefined>
}

const DB_NAME = 'latch-secure-site-shares'
const STORE = 'shares'

/**
 * The frame's shares in IndexedDB on the secure origin, which the embedding page cannot read: as
 * bytes, not the strings localStorage would make of them. Where IndexedDB is blocked, in memory for the frame's life (as `openDeviceKey`): the key is then
 * lost with the frame unless recovered (KEY_SHARES.md, next steps).
 */
export function openShareStore(): ShareStore {
  const memory = new Map<string, DeviceShares>()
  const keyOf = (address: string) => address.toLowerCase()
  return {
    async keep(shares) {
      memory.set(keyOf(shares.evmAddress), shares)
      await withStore('readwrite', (store) => store.put(shares, keyOf(shares.evmAddress))).catch(() => undefined)
    },
    async get(evmAddress) {
      const stored = await withStore('readonly', (store) => store.get(keyOf(evmAddress))).catch(() => undefined)
      return isDeviceShares(stored) ? stored : memory.get(keyOf(evmAddress))
    },
  }
}

function withStore(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, 1)
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE)
    opening.onerror = () => reject(opening.error)
    opening.onblocked = () => reject(new Error('share store blocked'))
    opening.onsuccess = () => {
      const db = opening.result
      const transaction = db.transaction(STORE, mode)
      const request = run(transaction.objectStore(STORE))
      transaction.oncomplete = () => {
        db.close()
        resolve(request.result)
      }
      transaction.onerror = transaction.onabort = () => {
        db.close()
        reject(transaction.error)
      }
    }
  })
}

function isDeviceShares(value: unknown): value is DeviceShares {
  const entry = value as Partial<DeviceShares> | undefined
  return typeof entry?.evmAddress === 'string' && entry.deviceShare instanceof Uint8Array && (entry.recoverySecret === undefined || entry.recoverySecret instanceof Uint8Array)
}
