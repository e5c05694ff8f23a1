import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const sizes = new Map<string, number>()

/**
 * Gzip -9 size of a file, as `npm run bench` measures Latch's own entries; each file alone, as a
 * server sends it. Cached: every load asks again for the same chunks.
 */
export function gzipSize(file: string): number {
  let size = sizes.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length
    sizes.set(file, size)
  }
  return size
}
