import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { orderPlugins } from './orderPlugins.js'
import { definePlugin, type PluginDefinition } from './definePlugin.js'
import { PluginCycleError, PluginMissingDependencyError } from '../errors/plugin.js'

const plugin = (id: string, requires: string[] = []): PluginDefinition =>
  definePlugin({ id, requires, setup: () => {} })

const ids = (plugins: PluginDefinition[]) => plugins.map((p) => p.id)

describe('orderPlugins', () => {
  it('puts each plugin after what it requires', () => {
    expect(ids(orderPlugins([plugin('swaps', ['connectors']), plugin('connectors')]))).toEqual(['connectors', 'swaps'])
  })

  it('keeps registration order between plugins that do not depend on each other', () => {
    const ordered = orderPlugins([plugin('a', ['c']), plugin('b'), plugin('c'), plugin('d', ['a'])])
    expect(ids(ordered)).toEqual(['b', 'c', 'a', 'd'])
  })

  it('rejects a missing requirement, naming both plugins', () => {
    expect(() => orderPlugins([plugin('swaps', ['connectors'])])).toThrowError(PluginMissingDependencyError)
    expect(() => orderPlugins([plugin('swaps', ['connectors'])])).toThrowErrorMatchingInlineSnapshot(`
      [PluginMissingDependencyError: Plugin "swaps" requires plugin "connectors", which is not registered.
      Pass "connectors" to createKit before or after "swaps".
      Version: latch@0.1.0]
    `)
  })

  it('rejects a cycle, naming the loop', () => {
    const attempt = () => orderPlugins([plugin('a', ['b']), plugin('b', ['c']), plugin('c', ['a'])])
    expect(attempt).toThrowError(PluginCycleError)
    expect(attempt).toThrowError('Plugins require each other in a cycle: a -> b -> c -> a.')
  })

  it('rejects a plugin that requires itself', () => {
    expect(() => orderPlugins([plugin('a', ['a'])])).toThrowError('Plugins require each other in a cycle: a -> a.')
  })

  it('rejects two plugins with one id and a plugin with both setup and load', () => {
    expect(() => orderPlugins([plugin('a'), plugin('a')])).toThrowError('Plugin "a" is registered twice.')
    const both = { id: 'x', setup: () => {}, load: async () => ({ default: () => {} }) }
    expect(() => orderPlugins([both])).toThrowError('give exactly one of `setup` and `load`')
  })

  it('given random acyclic graphs (seed 4242), every plugin follows its requirements', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat(20)), { minLength: 1, maxLength: 20 }),
        (edges) => {
          // Requirements point only to lower indices, so the graph has no cycle.
          const plugins = edges.map((targets, index) =>
            plugin(`p${index}`, [...new Set(targets.filter((t) => t < index).map((t) => `p${t}`))]),
          )
          const shuffled = [...plugins].reverse()
          const position = new Map(ids(orderPlugins(shuffled)).map((id, i) => [id, i]))
          return plugins.every((p) => (p.requires ?? []).every((r) => position.get(r)! < position.get(p.id)!))
        },
      ),
      { seed: 4242 },
    )
  })
})
