import type { Page } from 'playwright-core'

/**
 * Counts the pixels of two same-sized PNG screenshots whose red, green or blue differ by more
 * than `tolerance` levels, decoding them in a page's canvas (no PNG library needed). A
 * different size counts every pixel.
 */
export async function countDifferentPixels(page: Page, a: Buffer, b: Buffer, tolerance = 0): Promise<number> {
  // A string, not a function: the test transform may wrap inner functions in helpers the page lacks.
  return page.evaluate(`(async ([a, b, tolerance]) => {
    const pixels = async (base64) => {
      const image = new Image()
      image.src = 'data:image/png;base64,' + base64
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')
      context.drawImage(image, 0, 0)
      return context.getImageData(0, 0, image.width, image.height)
    }
    const [one, two] = await Promise.all([pixels(a), pixels(b)])
    if (one.width !== two.width || one.height !== two.height) return Math.max(one.width * one.height, two.width * two.height)
    let count = 0
    for (let i = 0; i < one.data.length; i += 4) {
      for (let c = 0; c < 3; c++) {
        if (Math.abs(one.data[i + c] - two.data[i + c]) > tolerance) { count++; break }
      }
    }
    return count
  })(${JSON.stringify([a.toString('base64'), b.toString('base64'), tolerance])})`)
}
