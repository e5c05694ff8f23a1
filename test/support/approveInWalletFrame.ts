import type { FrameLocator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Answers the embedded wallet's approval card as a visitor does, and waits until the card has
 * taken the answer (it closes). By key, not pointer: the frame follows the modal's
 * ApproveTransaction box as the view slides in, and a click computed mid-move can miss the
 * button; a key press on the focused button cannot. Approve counts only while the browser
 * reports the card visible and unobscured (issue 26), so a press during the modal's own
 * animation can be ignored: the visitor would press again, and so does this, until the card is
 * gone or the timeout ends.
 *
 * @param frame - the wallet frame (`walletFrame(page)` or the frame a test embeds)
 * @param answer - the button to press, by its name in the card's language
 * @param timeout - how long to keep trying, sized for a slow 2-core machine
 */
export async function answerWalletCard(frame: FrameLocator, answer: 'Approve' | 'Reject' | (string & {}), timeout = 30_000): Promise<void> {
  const button = frame.getByRole('button', { name: answer })
  await button.waitFor({ state: 'visible', timeout })
  await expect
    .poll(
      async () => {
        if (await button.isEnabled().catch(() => false)) await button.press('Enter', { timeout: 2_000 }).catch(() => undefined)
        return button.isVisible()
      },
      { timeout, interval: 250 },
    )
    .toBe(false)
}

/** Presses Approve on the wallet's card until the card takes it (`answerWalletCard`). */
export const approveInWalletFrame = (frame: FrameLocator, timeout?: number) => answerWalletCard(frame, 'Approve', timeout)
