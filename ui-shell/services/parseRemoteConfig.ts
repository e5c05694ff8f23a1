import * as v from 'valibot'
import type { FeatureFlags } from '../../kernel/index.js'

// Built on first use: a kit without `apiUrl` never reads remote configuration, and schemas made
// when the module loads would stay in its heap for nothing (issue 32).
let schemas: ReturnType<typeof buildSchemas> | undefined
const buildSchemas = () => {
  const FlagValue = v.union([v.boolean(), v.array(v.string())])
  return {
    /** Our own shape: `{ features: { email: true, socials: ['google'] } }`. */
    FlatConfig: v.object({ features: v.record(v.string(), FlagValue) }),
    /** The hosted service's shape: `{ features: [{ id, isEnabled, config }] }`. */
    ListConfig: v.object({
      features: v.array(
        v.object({
          id: v.string(),
          isEnabled: v.boolean(),
          config: v.optional(v.nullable(v.array(v.string()))),
        }),
      ),
    }),
  }
}

/** The hosted service names two flags differently from our options. */
const REMOTE_IDS: Record<string, string> = { social_login: 'socials', reown_branding: 'branding' }

/**
 * Reads the remote configuration answer into feature flags.
 * Returns undefined for an answer of any other shape, so a broken service never breaks the kit.
 */
export function parseRemoteConfig(body: unknown): Partial<FeatureFlags> | undefined {
  const { FlatConfig, ListConfig } = (schemas ??= buildSchemas())
  const flat = v.safeParse(FlatConfig, body)
  if (flat.success) return flat.output.features as Partial<FeatureFlags>
  const list = v.safeParse(ListConfig, body)
  if (!list.success) return undefined
  const features: Record<string, boolean | string[]> = {}
  for (const { id, isEnabled, config } of list.output.features) {
    const key = REMOTE_IDS[id] ?? id
    features[key] = isEnabled && config ? config : isEnabled
  }
  return features as Partial<FeatureFlags>
}
