/** Escapes text for HTML element content and quoted attributes: nothing from a request is ever markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:360px;margin:48px auto;padding:0 16px;color:#1b1b1f}
label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;font-size:16px}
button{margin-top:16px;padding:8px 16px;font-size:16px}p.error{color:#b3261e}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/**
 * The local provider's sign-in page: a user name and, if the visitor wants one, an email; no
 * password (it stands in for google, x, … on a machine that cannot reach them).
 */
export function loginPage(uid: string, clientName: string, error?: string): string {
  return page(
    'Sign in',
    `<p>Sign in to continue to ${escapeHtml(clientName)}.</p>
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label for="username">User name</label>
<input id="username" name="username" autocomplete="username" required maxlength="64" pattern="[A-Za-z0-9._\\-]+" autofocus>
<label for="email">Email (optional)</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>`,
  )
}

/** The consent page: what the app will learn, allow or deny. */
export function consentPage(uid: string, clientName: string, claims: readonly string[]): string {
  return page(
    'Allow access',
    `<p>${escapeHtml(clientName)} wants to know: ${escapeHtml(claims.join(', ') || 'who you are')}.</p>
<form method="post" action="/interaction/${encodeURIComponent(uid)}/consent"><button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
  )
}
