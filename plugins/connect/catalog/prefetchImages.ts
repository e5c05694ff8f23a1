/** SPEC §9: prefetch the first 20 wallet images, each given at most 2 s. */
export const PREFETCH_IMAGE_COUNT = 20
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000

/**
 * Warms the browser's cache with the first wallet images so the list paints with them.
 * Resolves when each has loaded, failed or run out of time; never rejects.
 */
export function prefetchImages(urls: readonly string[], timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS): Promise<void> {
  if (typeof Image === 'undefined') return Promise.resolve()
  const loads = urls.slice(0, PREFETCH_IMAGE_COUNT).map(
    (url) =>
      new Promise<void>((resolve) => {
        const image = new Image()
        const timer = setTimeout(done, timeoutMs)
        function done() {
          clearTimeout(timer)
          image.onload = image.onerror = null
          resolve()
        }
        image.onload = image.onerror = done
        image.src = url
      }),
  )
  return Promise.all(loads).then(() => undefined)
}
