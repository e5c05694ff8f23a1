import type { Leases } from '../plugins/database/Leases.js'
import type { HistoryIndexer } from './HistoryIndexer.js'

const LEASE = 'history-index'
/** Held this long past its last renewal: a crashed holder blocks a wipe for at most this. */
export const HISTORY_LEASE_MS = 30_000
const RENEW_EVERY_MS = HISTORY_LEASE_MS / 3

/**
 * The history index is wiped at boot (the dev chains are new), but only by an instance that
 * takes the `history-index` lease: while another live instance holds it (a shared database), its
 * index is left alone. The holder renews the lease until it releases it at close; an index left
 * by a crash within the lease is caught by the indexer's own check of the last block's hash.
 *
 * @returns `release`, for the backend's close
 */
export async function holdHistoryIndexLease(leases: Leases, indexer: HistoryIndexer): Promise<{ held: boolean; release(): Promise<void> }> {
  const held = await leases.acquire(LEASE, HISTORY_LEASE_MS)
  if (!held) return { held, release: async () => undefined }
  await indexer.reset()
  const timer = setInterval(() => void leases.acquire(LEASE, HISTORY_LEASE_MS).catch(() => undefined), RENEW_EVERY_MS)
  timer.unref()
  return {
    held,
    async release() {
      clearInterval(timer)
      await leases.release(LEASE)
    },
  }
}
