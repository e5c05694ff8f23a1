// @vitest-environment happy-dom
// The kit is a page's guest: a DOM stands in for the page so leftover listeners and nodes show.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KernelErrorCodes, KitError, type PluginDefinition } from '../../kernel/index.js'
import { ShellErrorCodes } from '../../ui-shell/errors/codes.js'
import { createKit } from '../../ui-shell/createKit.js'
import { parseRemoteConfig } from '../../ui-shell/services/parseRemoteConfig.js'
import { createMemoryStorage } from '../support/createMemoryStorage.js'
import { recordFaultFigure } from '../support/faultsPage.js'

// Issue 15: the public API fuzzed (fast-check, seeded). Every failure is a KitError carrying a code
// of SPEC §8's catalogue, never a TypeError or a half-built kit: after a refused createKit or a
// dispose, nothing the kit added stays on window, document or in the DOM.
const SEED = 15_2026
const CATALOGUE = new Set<string>([...Object.values(KernelErrorCodes), ...Object.values(ShellErrorCodes)])

const realFetch = globalThis.fetch
const hosts: string[] = []
// The network is the boundary here: every request is recorded and refused as offline.
beforeAll(async () => {
  globalThis.fetch = async (input) => {
    hosts.push(String(input instanceof Request ? input.url : input))
    throw new TypeError('offline (fuzz test)')
  }
  // React adds its document-wide listeners (selectionchange) once per document and keeps them:
  // one kit with its modal mounted, before tracking, so the property sees only the kit's own.
  const warm = createKit({ projectId: 'warm-up', storage: createMemoryStorage() })
  await warm.ready
  await warm.open()
  await warm.dispose()
})
afterAll(() => {
  globalThis.fetch = realFetch
})

/** Counts listeners the kit adds to window and document, net of those it removes. */
function trackListeners() {
  const live = new Map<string, number>()
  const targets = [window, document] as EventTarget[]
  const restore = targets.map((target) => {
    const add = target.addEventListener.bind(target)
    const remove = target.removeEventListener.bind(target)
    const name = target === window ? 'window' : 'document'
    const seen = new Set<unknown>()
    target.addEventListener = (type: string, listener: unknown, options?: unknown) => {
      const key = `${name}:${type}`
      if (!seen.has(listener)) live.set(key, (live.get(key) ?? 0) + 1)
      seen.add(listener)
      add(type, listener as EventListener, options as AddEventListenerOptions)
    }
    target.removeEventListener = (type: string, listener: unknown, options?: unknown) => {
      const key = `${name}:${type}`
      if (seen.delete(listener)) live.set(key, (live.get(key) ?? 0) - 1)
      remove(type, listener as EventListener, options as EventListenerOptions)
    }
    return () => {
      target.addEventListener = add
      target.removeEventListener = remove
    }
  })
  return {
    left: () => [...live].filter(([, count]) => count > 0).map(([key]) => key),
    stop: () => restore.forEach((undo) => undo()),
  }
}

const domSize = () => document.documentElement.querySelectorAll('*').length

/** A failure as the spec allows it: a KitError with a catalogue code. */
function expectCatalogueError(error: unknown, where: string): void {
  if (!(error instanceof KitError) || !CATALOGUE.has(error.code)) {
    throw new Error(`${where}: expected a KitError with a catalogue code, got ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
  }
}

const jsonish = fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant(null), fc.func(fc.anything()), fc.string(), fc.integer(), fc.double())
// Every option the kit knows, each either a value of its type (so some kits get built) or any
// JSON-ish value; fast-check may leave any of them out.
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  projectId: fc.string({ maxLength: 40 }),
  apiUrl: fc.constant('http://127.0.0.1:9'),
  blockchainApiUrl: fc.constant('http://127.0.0.1:9'),
  remoteConfig: fc.boolean(),
  liveConfig: fc.boolean(),
  metadata: fc.record({ name: fc.string(), description: fc.string(), url: fc.webUrl(), icons: fc.array(fc.webUrl()) }, { requiredKeys: ['name'] }),
  themeMode: fc.constantFrom('dark', 'light'),
  themeVariables: fc.dictionary(fc.constantFrom('--latch-accent', '--latch-font-family', '--x'), fc.oneof(fc.string(), fc.integer())),
  embedded: fc.boolean(),
  embeddedParent: fc.constantFrom('#nowhere', 'body', '<img onerror=alert(1)>'),
  mountModal: fc.boolean(),
  features: fc.dictionary(fc.constantFrom('analytics', 'email', 'socials', 'swaps', 'onramp', 'history', '__proto__'), fc.oneof(fc.boolean(), fc.array(fc.string()))),
  debug: fc.boolean(),
  pluginSetupTimeoutMs: fc.integer({ min: 0, max: 500 }),
  storagePrefix: fc.string(),
}
const hostile = fc.oneof(jsonish, fc.constantFrom('javascript:alert(1)', 'not a url', 'ftp://127.0.0.1', 'data:text/html,x'))
const optionsArb = fc.oneof(
  fc.record(VALID, { requiredKeys: [] }),
  fc.record(Object.fromEntries(Object.entries(VALID).map(([key, valid]) => [key, fc.oneof(valid, hostile)])), { requiredKeys: [] }),
)
const openArgsArb = fc.oneof(fc.constant(undefined), fc.jsonValue(), fc.record({ view: fc.oneof(fc.string(), fc.constantFrom('Connect', 'Account', 'Networks', 'AllWallets')), namespace: jsonish }, { requiredKeys: [] }))

async function exercise(options: Record<string, unknown>, plugins: PluginDefinition[], openArgs: unknown): Promise<'built' | 'refused'> {
  const listeners = trackListeners()
  const nodesBefore = domSize()
  try {
    let kit: ReturnType<typeof createKit>
    try {
      // Storage is the page's; a fresh one per run keeps runs apart.
      kit = createKit({ ...options, storage: createMemoryStorage() } as never, plugins)
    } catch (error) {
      expectCatalogueError(error, 'createKit')
      expect(listeners.left(), 'listeners left by a refused createKit').toEqual([])
      expect(domSize(), 'DOM nodes left by a refused createKit').toBe(nodesBefore)
      return 'refused'
    }
    await kit.ready.catch((error: unknown) => expectCatalogueError(error, 'kit.ready'))
    await kit.open(openArgs as never).catch((error: unknown) => expectCatalogueError(error, 'kit.open'))
    kit.close()
    await kit.dispose().catch((error: unknown) => {
      if (error instanceof AggregateError && 'code' in error && CATALOGUE.has(String(error.code))) return
      expectCatalogueError(error, 'kit.dispose')
    })
    expect(listeners.left(), 'listeners left after dispose').toEqual([])
    expect(domSize(), 'DOM nodes left after dispose').toBe(nodesBefore)
    return 'built'
  } finally {
    listeners.stop()
  }
}

const outcomes = { built: 0, refused: 0 }
describe('given fuzzed createKit options and open arguments', () => {
  it('refuses with a catalogue KitError or works, and leaves nothing behind', async () => {
    await fc.assert(
      fc.asyncProperty(optionsArb, openArgsArb, async (options, openArgs) => {
        const outcome = await exercise(options, [], openArgs)
        outcomes[outcome]++
      }),
      { seed: SEED, numRuns: 150 },
    )
    // Both branches ran: the property checked built kits, not only refusals.
    expect(outcomes.built).toBeGreaterThan(20)
    expect(outcomes.refused).toBeGreaterThan(20)
    // The kit calls no host the page did not name: only the fuzzed loopback URL.
    expect(hosts.filter((url) => !url.startsWith('http://127.0.0.1:9/'))).toEqual([])
  })
})

const idArb = fc.oneof(fc.string(), fc.constantFrom('', ' ', '__proto__', 'constructor', 'shell', 'services', 'a'.repeat(500)), fc.jsonValue() as fc.Arbitrary<unknown>)
const setupArb = fc.oneof(
  fc.constant(() => undefined),
  fc.constant(() => {
    throw new Error('setup threw')
  }),
  fc.constant(() => {
    throw 'a string, not an Error'
  }),
  fc.constant(async () => {
    throw new TypeError('async setup threw')
  }),
  fc.constant(() => () => {
    throw new Error('teardown threw')
  }),
  fc.constant(42),
)
const pluginArb = fc.record(
  {
    id: idArb,
    requires: fc.oneof(fc.array(fc.constantFrom('p0', 'p1', 'p2', 'missing', 'shell')), fc.jsonValue() as fc.Arbitrary<unknown>),
    feature: fc.oneof(fc.constant(undefined), fc.string(), fc.integer()),
    setup: setupArb,
    load: fc.oneof(fc.constant(undefined), fc.constant(async () => ({ default: 5 })), fc.constant(async () => Promise.reject(new Error('chunk failed')))),
    setupTimeoutMs: fc.oneof(fc.constant(undefined), fc.integer({ min: -5, max: 50 }), fc.constant(Number.NaN)),
    checkOptions: fc.oneof(fc.constant(undefined), fc.constant(() => {
      throw new RangeError('not a KitError')
    })),
  },
  { requiredKeys: ['id'] },
)
// Ids p0..p2 on some plugins make requires cycles and duplicates likely.
const pluginsArb = fc.array(fc.tuple(pluginArb, fc.constantFrom(undefined, 'p0', 'p1', 'p2')), { maxLength: 5 }).map((entries) =>
  entries.map(([plugin, id]) => ({ ...plugin, ...(id ? { id } : {}) }) as unknown as PluginDefinition),
)

const pluginOutcomes = { built: 0, refused: 0 }
describe('given fuzzed plugin definitions (odd ids, requires cycles, throwing setups)', () => {
  it('refuses with a catalogue KitError or loads what it can, and leaves nothing behind', async () => {
    await fc.assert(
      fc.asyncProperty(pluginsArb, async (plugins) => {
        pluginOutcomes[await exercise({ projectId: 'fuzz', mountModal: false, pluginSetupTimeoutMs: 200 }, plugins, undefined)]++
      }),
      { seed: SEED, numRuns: 150 },
    )
    expect(pluginOutcomes.built).toBeGreaterThan(10)
    expect(pluginOutcomes.refused).toBeGreaterThan(10)
    recordFaultFigure({
      case: 'public API fuzzed',
      held: true,
      note: `seed ${SEED}: options/open ${outcomes.built} built + ${outcomes.refused} refused, plugins ${pluginOutcomes.built} built + ${pluginOutcomes.refused} refused; every refusal a catalogue KitError, nothing left behind`,
    })
  })

  it('refuses a requires cycle with KIT_PLUGIN_CYCLE and registers nothing', () => {
    const listeners = trackListeners()
    const nodes = domSize()
    try {
      const cycle = [
        { id: 'p0', requires: ['p1'], setup: () => {} },
        { id: 'p1', requires: ['p0'], setup: () => {} },
      ]
      expect(() => createKit({ projectId: 'fuzz', storage: createMemoryStorage() }, cycle)).toThrow(expect.objectContaining({ code: 'KIT_PLUGIN_CYCLE' }))
      expect(listeners.left()).toEqual([])
      expect(domSize()).toBe(nodes)
    } finally {
      listeners.stop()
    }
  })
})

describe('given fuzzed remote configuration payloads', () => {
  it('parses them into flags or refuses them with undefined, never throwing', () => {
    const flag = fc.oneof(fc.boolean(), fc.array(fc.string()), fc.jsonValue())
    const payload = fc.oneof(
      fc.jsonValue(),
      fc.record({ features: fc.dictionary(fc.string(), flag) }),
      fc.record({ features: fc.array(fc.record({ id: fc.string(), isEnabled: fc.oneof(fc.boolean(), fc.jsonValue()), config: fc.oneof(fc.constant(null), fc.array(fc.string()), fc.jsonValue()) }, { requiredKeys: [] })) }),
    )
    fc.assert(
      fc.property(payload, (body) => {
        const flags = parseRemoteConfig(body)
        if (flags === undefined) return
        for (const value of Object.values(flags)) expect(typeof value === 'boolean' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))).toBe(true)
      }),
      { seed: SEED, numRuns: 2000 },
    )
  })
})
