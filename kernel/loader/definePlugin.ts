import type { KitOptions } from '../KitOptions.js'
import type { PluginContext } from './PluginContext.js'

/** What a plugin's setup may hand back: its own teardown, run when the plugin unloads. */
export type PluginTeardown = () => void | Promise<void>

/** A plugin's setup: registers what the plugin contributes through `ctx`. */
export type PluginSetup = (ctx: PluginContext) => void | PluginTeardown | Promise<void | PluginTeardown>

/**
 * A plugin, as a host passes it to `createKit`. Keep this object light: put the code in
 * `load`, a dynamic import, so a host whose feature is off never downloads it.
 */
export interface PluginDefinition {
  /** Unique id; other plugins name it in `requires`. */
  id: string
  version?: string
  /** The feature flag that gates it; a plugin without one always loads. */
  feature?: string
  /** Ids of plugins that must load before this one; only their tokens are visible to it. */
  requires?: readonly string[]
  /** Makes what this plugin provides visible to every plugin (the shell's extension points). */
  shared?: boolean
  /** Deadline for setup, overriding the kit's `pluginSetupTimeoutMs`. */
  setupTimeoutMs?: number
  /** Checks the host's options when the kit is created; throw a KitError to refuse them. */
  checkOptions?: (options: Readonly<KitOptions>) => void
  /** The setup itself, for small plugins. Give exactly one of `setup` and `load`. */
  setup?: PluginSetup
  /** A dynamic import of a module whose default export is the setup. */
  load?: () => Promise<{ default: PluginSetup }>
}

/**
 * Declares a plugin. It only adds types: the object is returned as it is.
 *
 * @example
 * export const hello = (options: { greeting: string }) =>
 *   definePlugin({ id: 'hello', feature: 'hello', load: () => import('./setupHello.js') })
 */
export function definePlugin<const P extends PluginDefinition>(plugin: P): P {
  return plugin
}
