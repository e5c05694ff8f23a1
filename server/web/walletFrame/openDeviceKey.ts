/**
 * The frame's device key: an ECDSA P-256 pair whose private half is non-extractable, made once
 * per device and kept in IndexedDB on the secure origin (CryptoKey objects are
 * structured-cloneable, so the browser stores the key without ever handing its bytes to script).
 * Every session is bound to it (DPoP, RFC 9449): a token copied off this device is worthless.
 *
 * When IndexedDB is blocked or its content is unusable (a third-party frame in a browser that
 * blocks its storage, a corrupt store), the key lives as long as the frame, as openFrameStorage's
 * memory fallback does: each load is then a new device.
 *
 * @returns the device's key pair; never throws for storage reasons
 */
export async function openDeviceKey(): Promise<CryptoKeyPair> {
  const fresh = await newDeviceKey()
  try {
    const db = await openStore()
    try {
      return await keepFirst(db, fresh)
    } finally {
      db.close()
    }
  } catch {
    return fresh
  }
}

const DB_NAME = 'latch-secure-site'
const STORE = 'device-key'
const ENTRY = 'current'

const newDeviceKey = () => crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']) as Promise<CryptoKeyPair>

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('device key store blocked'))
  })
}

/**
 * The stored key, or `fresh` stored now: in one transaction, so two frames of this origin
 * opening at once agree on a single key rather than each binding sessions to its own.
 */
function keepFirst(db: IDBDatabase, fresh: CryptoKeyPair): Promise<CryptoKeyPair> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, 'readwrite')
    const store = transaction.objectStore(STORE)
    let chosen = fresh
    const read = store.get(ENTRY)
    read.onsuccess = () => {
      if (isDeviceKey(read.result)) chosen = read.result
      // Anything else under the entry (a corrupt or foreign value) is replaced.
      else store.put(fresh, ENTRY)
    }
    transaction.oncomplete = () => resolve(chosen)
    transaction.onerror = () => reject(transaction.error)
    transaction.onabort = () => reject(transaction.error)
  })
}

function isDeviceKey(value: unknown): value is CryptoKeyPair {
  const pair = value as Partial<CryptoKeyPair> | undefined
  return (
    pair?.privateKey instanceof CryptoKey &&
    pair.publicKey instanceof CryptoKey &&
    pair.privateKey.type === 'private' &&
    !pair.privateKey.extractable &&
    (pair.privateKey.algorithm as EcKeyAlgorithm).namedCurve === 'P-256'
  )
}
