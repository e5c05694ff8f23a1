import type { Page } from 'playwright-core'
import { CODE_CHANNEL_PARAM, CODE_FIELD_PATH } from '../../chains/auth/codeFieldUrl.js'
import { codeField } from './emailLogin.js'

// For tests whose host page embeds the wallet frame itself (no kit): the secure code field for
// that frame, added beside it as the kit's email views do, and the code typed into it. The host
// page only builds the field's URL from the frame's; the code is typed on the secure origin.

/** A wallet frame URL's query with the channel its code field uses (the kit adds one to every frame). */
export const withCodeChannel = (query: URLSearchParams) => (query.set(CODE_CHANNEL_PARAM, crypto.randomUUID()), query)

/**
 * Embeds the code field of the wallet frame `frameSelector` (once per page; a newer one replaces
 * it) and types `code` into it, as a visitor does.
 */
export async function typeCodeInSecureField(page: Page, code: string, frameSelector = 'iframe'): Promise<void> {
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
  await codeField(page).getByLabel('Code', { exact: true }).fill(code)
}
