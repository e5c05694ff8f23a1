import * as v from 'valibot'
import type { KitOptions } from '../kernel/index.js'
import { InvalidOptionsError } from './errors/shell.js'

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}
const isFunction = (value: unknown) => typeof value === 'function'
const httpUrl = () => v.pipe(v.string(), v.check(isHttpUrl, 'must be an http(s) URL'))
const flag = () => v.boolean()

/**
 * One schema per option the kernel and the core entry read, in the order they are checked; a
 * plugin's own are its `checkOptions`' to check. Each is built only when the host gave that option
 * (issue 32: building all sixty schema objects was a tenth of `createKit` on a throttled phone,
 * for a host that passes two or three options), and none is kept by the module.
 */
const optionSchemas = (): Record<string, () => v.GenericSchema> => ({
  projectId: () => v.pipe(v.string(), v.maxLength(256)),
  apiUrl: httpUrl,
  blockchainApiUrl: httpUrl,
  restrictedRegionUrls: () => v.strictObject({ apiUrl: v.optional(httpUrl()), blockchainApiUrl: v.optional(httpUrl()) }),
  remoteConfig: flag,
  liveConfig: flag,
  metadata: () => v.object({ name: v.string(), description: v.optional(v.string()), url: v.optional(v.string()), icons: v.optional(v.array(v.string())) }),
  themeMode: () => v.picklist(['dark', 'light']),
  locale: () => v.pipe(v.string(), v.regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/)),
  messages: () => v.record(v.string(), v.union([v.string(), v.record(v.string(), v.string())])),
  themeVariables: () => v.record(v.string(), v.union([v.string(), v.pipe(v.number(), v.finite())])),
  embedded: flag,
  embeddedParent: () => v.union([v.string(), v.custom<HTMLElement>((value) => typeof HTMLElement !== 'undefined' && value instanceof HTMLElement)]),
  mountModal: flag,
  fetch: () => v.custom<typeof fetch>(isFunction, 'must be a function'),
  features: () => v.record(v.string(), v.optional(v.union([v.boolean(), v.array(v.string())]))),
  debug: flag,
  pluginSetupTimeoutMs: () => v.pipe(v.number(), v.finite(), v.minValue(0)),
  storage: () =>
    v.custom<unknown>(
      (value) => typeof value === 'object' && value !== null && ['getItem', 'setItem', 'removeItem'].every((name) => isFunction((value as Record<string, unknown>)[name])),
      'must have getItem, setItem and removeItem',
    ),
  storagePrefix: () => v.string(),
})

/**
 * Refuses options of the wrong type before anything is built, so a bad value gives a clear
 * error instead of a TypeError deep in the kit (issue 15: the public API fuzzed). An option left
 * out or `undefined` is not checked: every one is optional.
 *
 * @param options - what the host passed to `createKit`
 * @throws InvalidOptionsError naming the first wrong option (`metadata.name` for a nested one)
 */
export function checkShellOptions(options: unknown): asserts options is KitOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new InvalidOptionsError({ option: 'options', reason: 'must be an object' })
  for (const [name, schemaOf] of Object.entries(optionSchemas())) {
    const value = (options as Record<string, unknown>)[name]
    if (value === undefined) continue
    const result = v.safeParse(schemaOf(), value)
    if (result.success) continue
    const issue = result.issues[0]
    const path = v.getDotPath(issue)
    throw new InvalidOptionsError({ option: path ? `${name}.${path}` : name, reason: issue.message })
  }
}
