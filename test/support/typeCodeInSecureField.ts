import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { CODE_CHANNEL_PARAM, CODE_FIELD_PATH } from '../../chains/auth/codeFieldUrl.js'
import { codeField } from './emailLogin.js'

// For tests whose host page embeds the wallet frame itself (no kit): the secure code field for
// that frame, added beside it as the kit's email views do, and the code typed into it. The host
// page only builds the field's URL from the frame's; the code is typed on the secure origin.

/** A wallet frame URL's query with the channel its code field uses (the kit adds one to every frame). */
export const withCodeChannel = (query: URLSearchParams) => (query.set(CODE_CHANNEL_PARAM, crypto.randomUUID()), query)

/**
 * Embeds the code field of the wallet frame `frameSelector` and types `code` into it, as a
 * visitor does; once the frame gave its verdict, the field goes, as the kit's view moves on.
 * Call it while the frame waits for a code (CONNECT_OTP, UPDATE_EMAIL_*_OTP sent).
 *
 * @returns what the field showed: 'Code accepted', or the frame's refusal
 */
export async function typeCodeInSecureField(page: Page, code: string, frameSelector = 'iframe', timeout = 30_000): Promise<string> {
  await page.evaluate(
    ({ frameSelector, path, param }) => {
      const wallet = new URL(document.querySelector<HTMLIFrameElement>(frameSelector)!.src)
      const field = new URL(path, wallet.origin)
      field.searchParams.set('projectId', wallet.searchParams.get('projectId') ?? '')
      field.searchParams.set(param, wallet.searchParams.get(param) ?? '')
      document.querySelector('iframe.latch-code-field')?.remove()
      const frame = Object.assign(document.createElement('iframe'), { className: 'latch-code-field', title: 'Code', src: field.toString() })
      document.body.append(frame)
    },
    { frameSelector, path: CODE_FIELD_PATH, param: CODE_CHANNEL_PARAM },
  )
  const field = codeField(page)
  await field.getByLabel('Code', { exact: true }).fill(code)
  let verdict = ''
  await expect.poll(async () => (verdict = await field.getByRole('alert').innerText()), { timeout }).not.toMatch(/^(Checking…)?$/)
  await page.evaluate(() => document.querySelector('iframe.latch-code-field')?.remove())
  return verdict
}
