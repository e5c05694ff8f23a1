import * as v from 'valibot'
import type { Project } from '../../plugins/projects/projects.js'
import { AdminRateLimitedError, AdminRequestRefusedError, AdminServerError, AdminTokenRejectedError } from './errors.js'

/** What `PUT /admin/api/projects/:id` takes: the whole project but its id. */
export type ProjectBody = Omit<Project, 'id'>

/** The admin API (`server/admin/adminApiRoutes.ts`) as the page calls it, every call with the operator's token. */
export interface AdminApi {
  list(token: string): Promise<Project[]>
  create(token: string, project: Project): Promise<Project>
  replace(token: string, id: string, body: ProjectBody): Promise<Project>
  remove(token: string, id: string): Promise<void>
}

// Answers are checked, not trusted: a proxy's HTML error page or a truncated body is a 'Server Error'.
const ProjectSchema = v.object({
  id: v.string(),
  name: v.string(),
  allowedOrigins: v.array(v.string()),
  features: v.record(v.string(), v.union([v.boolean(), v.array(v.string())])),
})
const ProjectListSchema = v.object({ projects: v.array(ProjectSchema) })
const ErrorAnswerSchema = v.object({ message: v.pipe(v.string(), v.maxLength(1000)), code: v.optional(v.pipe(v.string(), v.maxLength(100))) })

/**
 * The admin API client of the admin page. Failures throw the page's errors: 401
 * `AdminTokenRejectedError` ('Wrong admin token'), 400/404/409 `AdminRequestRefusedError` with
 * the API's message (it names the field), 429 `AdminRateLimitedError`, and a 5xx, garbage or no
 * answer `AdminServerError`.
 *
 * @param options.baseUrl - the backend's origin; '' (the default) is the page's own
 * @param options.fetch - the platform's by default
 * @param options.timeoutMs - a call without an answer by then is a 'Server Error' (15 s)
 * @returns the client
 * @example
 * const api = createAdminApi()
 * const projects = await api.list(token)
 */
export function createAdminApi({
  baseUrl = '',
  fetch = globalThis.fetch.bind(globalThis),
  timeoutMs = 15_000,
}: { baseUrl?: string; fetch?: typeof globalThis.fetch; timeoutMs?: number } = {}): AdminApi {
  async function call(token: string, method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(`${baseUrl}/admin/api/projects${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        // A server that never answers must not leave the page on 'Saving…' for ever.
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new AdminServerError({ cause: error })
    }
    const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined)
    if (response.ok) return json
    if (response.status === 401) throw new AdminTokenRejectedError()
    if (response.status === 429) throw new AdminRateLimitedError()
    if (response.status >= 500) throw new AdminServerError({ status: response.status })
    const answer = v.safeParse(ErrorAnswerSchema, json)
    throw new AdminRequestRefusedError({ status: response.status, ...(answer.success ? { message: answer.output.message, replyCode: answer.output.code } : {}) })
  }

  function parse<T>(schema: v.GenericSchema<unknown, T>, json: unknown): T {
    const result = v.safeParse(schema, json)
    if (!result.success) throw new AdminServerError({ cause: new v.ValiError(result.issues) })
    return result.output
  }

  const path = (id: string) => `/${encodeURIComponent(id)}`
  return {
    list: async (token) => parse(ProjectListSchema, await call(token, 'GET', '')).projects,
    create: async (token, project) => parse(ProjectSchema, await call(token, 'POST', '', project)),
    replace: async (token, id, body) => parse(ProjectSchema, await call(token, 'PUT', path(id), body)),
    remove: async (token, id) => void (await call(token, 'DELETE', path(id))),
  }
}
