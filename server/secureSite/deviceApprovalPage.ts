import type { PendingApproval } from './EmailLogin.js'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * The page an emailed approval link opens: which app, page, device and IP asked, and when, and a
 * button that POSTs the token back. Opening it approves nothing, so a mail scanner that fetches
 * the link cannot approve a stranger's device. No script; every value is escaped (the device
 * comes from the asker's User-Agent).
 */
export function deviceApprovalPage(pending: PendingApproval, token: string): string {
  const rows: [string, string][] = [
    ['App', pending.projectName],
    ['Site', pending.appOrigin],
    ['Device', pending.device],
    ['IP address', pending.ip],
    ['Asked at', `${new Date(pending.requestedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`],
    ['Email', pending.email],
  ]
  const details = rows.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Approve this device?</title><link rel="stylesheet" href="/frame.css"></head><body class="notice"><main>
<h1>Approve this device?</h1>
<p>A device asks to log in to your wallet. Approve it only if this is you, on this site, now.</p>
<dl>${details}</dl>
<form method="post" action="/device/approve"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Approve</button></form>
<p>If it is not you, close this page: the device stays unapproved.</p>
</main></body></html>`
}
