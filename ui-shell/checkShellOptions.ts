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

// Built for each check, not kept by the module: createKit checks once, and some sixty schema
// objects held for the page's life are heap a phone pays for nothing (issue 32).
const shellOptionsSchema = () => {
  const HttpUrl = v.pipe(v.string(), v.check(isHttpUrl, 'must be an http(s) URL'))
  const Flag = v.optional(v.boolean())
  const Storage = v.custom<unknown>(
    (value) => typeof value === 'object' && value !== null && ['getItem', 'setItem', 'removeItem'].every((name) => isFunction((value as Record<string, unknown>)[name])),
    'must have getItem, setItem and removeItem',
  )

  // The options the kernel and the core entry read; a plugin's own are its `checkOptions`' to check.
  return v.object({
    projectId: v.optional(v.pipe(v.string(), v.maxLength(256))),
    apiUrl: v.optional(HttpUrl),
    blockchainApiUrl: v.optional(HttpUrl),
    restrictedRegionUrls: v.optional(v.strictObject({ apiUrl: v.optional(HttpUrl), blockchainApiUrl: v.optional(HttpUrl) })),
    remoteConfig: Flag,
    liveConfig: Flag,
    metadata: v.optional(
      v.object({ name: v.string(), description: v.optional(v.string()), url: v.optional(v.string()), icons: v.optional(v.array(v.string())) }),
    ),
    themeMode: v.optional(v.picklist(['dark', 'light'])),
    locale: v.optional(v.pipe(v.string(), v.regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/))),
    messages: v.optional(v.record(v.string(), v.union([v.string(), v.record(v.string(), v.string())]))),
    themeVariables: v.optional(v.record(v.string(), v.union([v.string(), v.pipe(v.number(), v.finite())]))),
    embedded: Flag,
    embeddedParent: v.optional(v.union([v.string(), v.custom<HTMLElement>((value) => typeof HTMLElement !== 'undefined' && value instanceof HTMLElement)])),
    mountModal: Flag,
    fetch: v.optional(v.custom<typeof fetch>(isFunction, 'must be a function')),
    features: v.optional(v.record(v.string(), v.optional(v.union([v.boolean(), v.array(v.string())])))),
    debug: Flag,
    pluginSetupTimeoutMs: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
    storage: v.optional(Storage),
    storagePrefix: v.optional(v.string()),
  })
}

/**
 * Refuses options of the wrong type before anything is built, so a bad value gives a clear
 * error instead of a TypeError deep in the kit (issue 15: the public API fuzzed).
 *
 * @param options - what the host passed to `createKit`
 * @throws InvalidOptionsError naming the first wrong option
 */
export function checkShellOptions(options: unknown): asserts options is KitOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new InvalidOptionsError({ option: 'options', reason: 'must be an object' })
  const result = v.safeParse(shellOptionsSchema(), options)
  if (result.success) return
  const issue = result.issues[0]
  const option = v.getDotPath(issue) ?? 'options'
  throw new InvalidOptionsError({ option, reason: issue.message })
}
