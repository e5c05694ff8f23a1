import type { PageText } from './pageText.js'
import { textPage } from './deviceApprovalPage.js'

/**
 * The script of the popup's last page (served as `/social-result.js`, the page's CSP allows no
 * inline script): it reads what the server put in the page and posts it to the opener, with the
 * page's exact origin as the target, never '*'. The kit accepts it only from this origin and
 * only from the popup it opened.
 */
export const SOCIAL_RESULT_SCRIPT = `(() => {
  const node = document.getElementById('social-result')
  if (!node || !window.opener) return
  const data = JSON.parse(node.textContent || '{}')
  if (typeof data.appOrigin !== 'string') return
  window.opener.postMessage(data.message, data.appOrigin)
})()
`

/** JSON safe inside an HTML element: no '<' can close it, nothing becomes markup. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/**
 * The callback page: a sentence for the person looking at the popup and, when there is a page to
 * tell, the message for the opener.
 *
 * @param text - the page's words, in the visitor's language (`pageText`)
 * @param post - the page that started the login (checked against the project's allow-list when
 *   it started) and the social result message (frameProtocol's `SocialResultMessage`)
 */
export function socialResultPage(text: PageText, ok: boolean, post?: { appOrigin: string; message: unknown }): string {
  const script = post ? `<script type="application/json" id="social-result">${jsonForHtml(post)}</script><script src="/social-result.js"></script>` : ''
  return ok ? textPage(text, 'social.signedInTitle', 'social.signedInText', script) : textPage(text, 'social.failedTitle', 'social.failedText', script)
}
