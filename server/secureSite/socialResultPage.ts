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
 * The callback page: a sentence for the person looking at the popup and the message for the opener.
 *
 * @param appOrigin - the page that started the login (checked against the project's allow-list when it started)
 * @param message - the social result message (frameProtocol's `SocialResultMessage`)
 */
export function socialResultPage(appOrigin: string, message: unknown, ok: boolean): string {
  const [title, sentence] = ok ? ['Signed in', 'You can go back to the app; this window closes by itself.'] : ['Sign-in failed', 'Go back to the app and try again.']
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/frame.css"></head><body class="notice"><main><h1>${title}</h1><p>${sentence}</p></main>
<script type="application/json" id="social-result">${jsonForHtml({ appOrigin, message })}</script><script src="/social-result.js"></script></body></html>`
}
