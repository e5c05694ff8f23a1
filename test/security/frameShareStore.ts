import type { Frame, Page } from 'playwright-core'
import type { Address } from 'viem'

/** What the wallet frame keeps of a split key in IndexedDB on the secure origin (openShareStore). */
export interface FrameHeldShares {
  deviceShare: Uint8Array
  /** Until a passkey seals the recovery share instead (then absent). */
  recoverySecret?: Uint8Array
  /** The device share of the Solana seed, when it is split too. */
  solanaShare?: Uint8Array
}

/** The wallet frame as Playwright drives it (cross-origin: evaluate runs in the secure site's page). */
export const walletFrame = async (page: Page): Promise<Frame> => (await (await page.$('iframe'))!.contentFrame())!

/** The shares the page's frame holds for an EVM address, read from its IndexedDB as the test's eye on the device. */
export async function frameShares(page: Page, address: Address): Promise<FrameHeldShares | undefined> {
  const stored = await (await walletFrame(page)).evaluate(
    (key) =>
      new Promise<{ deviceShare: number[]; recoverySecret?: number[]; solanaShare?: number[] } | undefined>((resolve, reject) => {
        const opening = indexedDB.open('latch-secure-site-shares', 1)
        opening.onerror = () => reject(opening.error)
        // As the frame opens it (openShareStore): a device that never kept a share has no store yet.
        opening.onupgradeneeded = () => opening.result.createObjectStore('shares')
        opening.onsuccess = () => {
          const read = opening.result.transaction('shares', 'readonly').objectStore('shares').get(key)
          read.onerror = () => reject(read.error)
          read.onsuccess = () =>
            resolve(
              read.result && {
                deviceShare: [...read.result.deviceShare],
                ...(read.result.recoverySecret ? { recoverySecret: [...read.result.recoverySecret] } : {}),
                ...(read.result.solanaShare ? { solanaShare: [...read.result.solanaShare] } : {}),
              },
            )
        }
      }),
    address.toLowerCase(),
  )
  return (
    stored && {
      deviceShare: Uint8Array.from(stored.deviceShare),
      ...(stored.recoverySecret ? { recoverySecret: Uint8Array.from(stored.recoverySecret) } : {}),
      ...(stored.solanaShare ? { solanaShare: Uint8Array.from(stored.solanaShare) } : {}),
    }
  )
}
