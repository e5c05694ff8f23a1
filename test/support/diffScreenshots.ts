import type { Page } from 'playwright-core'

export interface ScreenshotDiff {
  /** Pixels whose colour differs. */
  differing: number
  /** The box around them, in the screenshot's pixels. */
  box: { x0: number; y0: number; x1: number; y1: number } | null
  sizes: [string, string]
}

/** Decodes two PNG screenshots in a page's canvas and counts the pixels that differ. */
export async function diffScreenshots(page: Page, a: Buffer, b: Buffer): Promise<ScreenshotDiff> {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const image = new Image()
        image.src = `data:image/png;base64,${base64}`
        await image.decode()
        const canvas = new OffscreenCanvas(image.width, image.height)
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        return context.getImageData(0, 0, image.width, image.height)
      }
      const [x, y] = await Promise.all([decode(first), decode(second)])
      const sizes: [string, string] = [`${x.width}x${x.height}`, `${y.width}x${y.height}`]
      if (x.width !== y.width || x.height !== y.height) return { differing: -1, box: null, sizes }
      let differing = 0
      let box: { x0: number; y0: number; x1: number; y1: number } | null = null
      for (let i = 0; i < x.data.length; i += 4) {
        if (x.data[i] === y.data[i] && x.data[i + 1] === y.data[i + 1] && x.data[i + 2] === y.data[i + 2]) continue
        differing++
        const px = (i / 4) % x.width
        const py = Math.floor(i / 4 / x.width)
        box = box
          ? { x0: Math.min(box.x0, px), y0: Math.min(box.y0, py), x1: Math.max(box.x1, px), y1: Math.max(box.y1, py) }
          : { x0: px, y0: py, x1: px, y1: py }
      }
      return { differing, box, sizes }
    },
    [a.toString('base64'), b.toString('base64')] as const,
  )
}
