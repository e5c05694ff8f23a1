import { expect } from 'vitest'

/**
 * A browser stand-in for the popup: follows redirects by hand and keeps the OpenID provider's
 * cookies (its interaction and session cookies), so the authorization code flow runs in Node.
 */
export class PopupClient {
  readonly #cookies = new Map<string, string>()

  async get(url: string): Promise<Response> {
    return this.#send(url, { method: 'GET' })
  }

  async postForm(url: string, form: Record<string, string>): Promise<Response> {
    return this.#send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
  }

  /** Follows redirects until a page answers, or the next hop would leave for `stopAt` (the callback). */
  async follow(url: string, stopAt: string, first?: Response): Promise<{ url: string; response?: Response }> {
    let current = url
    let response = first ?? (await this.get(current))
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response }
      current = new URL(location, current).href
      if (current.startsWith(stopAt)) return { url: current }
      response = await this.get(current)
    }
    throw new Error('too many redirects')
  }

  async #send(url: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair!.indexOf('=')
      const [name, value] = [pair!.slice(0, at).trim(), pair!.slice(at + 1).trim()]
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
    return response
  }
}

/**
 * Signs in on the local provider's pages as a visitor would: the sign-in page (user name, maybe
 * an email), then consent. Returns the callback URL the provider sends the popup to.
 */
export async function signInAtProvider(authorizationUrl: string, callbackPrefix: string, { username, email = '', allow = true }: { username: string; email?: string; allow?: boolean }): Promise<string> {
  const popup = new PopupClient()
  const login = await popup.follow(authorizationUrl, callbackPrefix)
  expect(login.response?.status).toBe(200)
  const loginHtml = await login.response!.text()
  expect(loginHtml).toContain('User name')
  const loginAction = new URL(/action="([^"]+\/login)"/.exec(loginHtml)![1]!, login.url).href
  const consent = await popup.follow(loginAction, callbackPrefix, await popup.postForm(loginAction, { username, email }))
  if (!consent.response) return consent.url
  const consentHtml = await consent.response.text()
  expect(consentHtml).toContain('Allow')
  const consentAction = new URL(/action="([^"]+\/consent)"/.exec(consentHtml)![1]!, consent.url).href
  const done = await popup.follow(consentAction, callbackPrefix, await popup.postForm(consentAction, { decision: allow ? 'allow' : 'deny' }))
  expect(done.response, 'the provider should send the popup back to the secure site').toBeUndefined()
  return done.url
}

/** The message the callback page posts to its opener, and where to, as the page embeds them. */
export function postedMessage(html: string): { appOrigin: string; message: { type: string; resultUri?: string; error?: string } } | undefined {
  const match = /<script type="application\/json" id="social-result">([\s\S]*?)<\/script>/.exec(html)
  return match ? JSON.parse(match[1]!) : undefined
}
