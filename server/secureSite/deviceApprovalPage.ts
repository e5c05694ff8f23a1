import type { PendingApproval } from './EmailLogin.js'
import type { PageText } from './pageText.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The opening of a secure-site page in `text`'s language and direction. */
export const pageHead = (text: PageText, titleKey: string) =>
  `<!doctype html><html lang="${text.locale}" dir="${text.dir}"><head><meta charset="utf-8"><title>${text.t(titleKey)}</title><link rel="stylesheet" href="/frame.css"></head>`

/** A small page of text for a person reading it in a tab (no script, nothing from the request echoed). */
export function textPage(text: PageText, titleKey: string, sentenceKey: string, after = ''): string {
  return `${pageHead(text, titleKey)}<body class="notice"><main><h1>${text.t(titleKey)}</h1><p>${text.t(sentenceKey)}</p></main>${after}</body></html>`
}

/**
 * The page an emailed approval link opens: which app, page, device and IP asked, and when, and a
 * button that POSTs the token back. Opening it approves nothing, so a mail scanner that fetches
 * the link cannot approve a stranger's device. No script; every value is escaped (the device
 * comes from the asker's User-Agent) and isolated in <bdi> (data, not copy: it reads right in RTL).
 * In the locale the link names, which the form carries on to the page after Approve.
 */
export function deviceApprovalPage(pending: PendingApproval, token: string, text: PageText): string {
  const askedAt = new Date(pending.requestedAt)
  const when = new Intl.DateTimeFormat(text.locale, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(askedAt)
  const rows: [string, string][] = [
    ['device.app', `<bdi>${escapeHtml(pending.projectName)}</bdi>`],
    ['device.site', `<bdi>${escapeHtml(pending.appOrigin)}</bdi>`],
    ['device.device', `<bdi>${escapeHtml(pending.device)}</bdi>`],
    ['device.ip', `<bdi>${escapeHtml(pending.ip)}</bdi>`],
    ['device.askedAt', `<time datetime="${askedAt.toISOString()}">${escapeHtml(when)}</time>`],
    ['device.email', `<bdi>${escapeHtml(pending.email)}</bdi>`],
  ]
  const details = rows.map(([label, value]) => `<dt>${text.t(label)}</dt><dd>${value}</dd>`).join('')
  return `${pageHead(text, 'device.title')}<body class="notice"><main>
<h1>${text.t('device.title')}</h1>
<p>${text.t('device.text')}</p>
<dl>${details}</dl>
<form method="post" action="/device/approve"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="locale" value="${escapeHtml(text.locale)}"><button type="submit">${text.t('device.approve')}</button></form>
<p>${text.t('device.notYou')}</p>
</main></body></html>`
}
