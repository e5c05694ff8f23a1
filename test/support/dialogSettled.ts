import type { Page } from 'playwright-core'

/**
 * Waits until the modal's dialog box has kept its size and place for three animation frames: its
 * height animates as a view's content arrives, and a capture or a click taken mid-animation sees
 * (or hits) the layout in motion.
 */
export async function dialogSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const dialog = document.querySelector('latch-modal')!.shadowRoot!.querySelector('dialog')!
        let last = ''
        let same = 0
        const read = () => {
          const box = dialog.getBoundingClientRect()
          const now = `${box.width}x${box.height}@${box.top}`
          same = now === last ? same + 1 : 0
          last = now
          if (same >= 3) done()
          else requestAnimationFrame(read)
        }
        requestAnimationFrame(read)
      }),
  )
}
