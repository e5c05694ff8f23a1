import { PluginCycleError, PluginDuplicateError, PluginInvalidError, PluginMissingDependencyError } from '../errors/plugin.js'
import type { PluginDefinition } from './definePlugin.js'

/**
 * Checks plugin definitions and orders them so each comes after what it requires;
 * ties keep registration order. Throws on a duplicate id, a malformed definition,
 * a missing requirement (naming both plugins) or a cycle (naming the loop).
 */
export function orderPlugins(plugins: readonly PluginDefinition[]): PluginDefinition[] {
  const byId = new Map<string, PluginDefinition>()
  for (const plugin of plugins) {
    const id = typeof plugin?.id === 'string' ? plugin.id : ''
    if (!id) throw new PluginInvalidError({ plugin: String(plugin?.id), reason: 'it has no id' })
    if (byId.has(id)) throw new PluginDuplicateError({ plugin: id })
    if (!plugin.setup === !plugin.load)
      throw new PluginInvalidError({ plugin: id, reason: 'give exactly one of `setup` and `load`' })
    if (plugin.requires !== undefined && !(Array.isArray(plugin.requires) && plugin.requires.every((r) => typeof r === 'string')))
      throw new PluginInvalidError({ plugin: id, reason: '`requires` must be a list of plugin ids' })
    byId.set(id, plugin)
  }
  for (const plugin of plugins)
    for (const dependency of plugin.requires ?? [])
      if (!byId.has(dependency)) throw new PluginMissingDependencyError({ plugin: plugin.id, dependency })

  assertNoCycle(plugins, byId)

  // Kahn's algorithm; among the plugins whose requirements are loaded, the earliest registered goes next.
  const ordered: PluginDefinition[] = []
  const placed = new Set<string>()
  while (ordered.length < plugins.length) {
    const next = plugins.find((plugin) => !placed.has(plugin.id) && (plugin.requires ?? []).every((id) => placed.has(id)))!
    placed.add(next.id)
    ordered.push(next)
  }
  return ordered
}

function assertNoCycle(plugins: readonly PluginDefinition[], byId: Map<string, PluginDefinition>): void {
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (plugin: PluginDefinition, path: string[]) => {
    const mark = state.get(plugin.id)
    if (mark === 'done') return
    if (mark === 'visiting') throw new PluginCycleError({ cycle: [...path.slice(path.indexOf(plugin.id)), plugin.id] })
    state.set(plugin.id, 'visiting')
    for (const dependency of plugin.requires ?? []) visit(byId.get(dependency)!, [...path, plugin.id])
    state.set(plugin.id, 'done')
  }
  for (const plugin of plugins) visit(plugin, [])
}
