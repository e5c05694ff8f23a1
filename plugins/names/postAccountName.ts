import type { HttpClient } from '../../ui-shell/plugin.js'
import { NameRegistrationError } from './errors/names.js'

/** The registration body of SPEC §7 `POST /v1/profile/account`. */
export interface NameRegistration {
  coin_type: number
  address: string
  message: string
  signature: string
}

export interface PostAccountNameOptions {
  /** The host's fetch (`KitOptions.fetch`), else the platform's. */
  fetch?: typeof fetch
  signal?: AbortSignal
  timeoutMs?: number
}

/**
 * Registers a signed name (SPEC §7). Sent with fetch rather than the kit's HTTP client because a
 * refusal's body matters: SPEC §8 shows the server's first reason (`reasons[0].description`).
 *
 * @param client - the blockchain service, for its URL and project id
 * @param name - the full name, for the fallback sentence
 * @throws NameRegistrationError with the server's first reason, else 'Error registering name {name}'
 */
export async function postAccountName(client: HttpClient, name: string, body: NameRegistration, options: PostAccountNameOptions = {}): Promise<void> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let response: Response
  try {
    response = await (options.fetch ?? globalThis.fetch)(client.url('/v1/profile/account'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    })
  } catch (error) {
    throw new NameRegistrationError({ name, cause: error })
  }
  const answer = (await response.json().catch(() => undefined)) as { success?: unknown; reasons?: unknown } | undefined
  if (response.ok && answer?.success === true) return
  throw new NameRegistrationError({ name, reason: firstReason(answer?.reasons), cause: new Error(`HTTP status code: ${response.status}`) })
}

/** The first reason's description, if it is a short plain string (it is shown as text, never HTML). */
function firstReason(reasons: unknown): string | undefined {
  const description = Array.isArray(reasons) ? (reasons[0] as { description?: unknown } | undefined)?.description : undefined
  return typeof description === 'string' && description.trim() !== '' ? description.trim().slice(0, 200) : undefined
}
