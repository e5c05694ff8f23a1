/** Bytes and counts of a heap snapshot's objects, grouped by what made them. */
export type HeapGroups = Map<string, { bytes: number; count: number }>

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
  nodes: number[]
  strings: string[]
}

/**
 * Groups a V8 heap snapshot's nodes by constructor (objects), function name (closures) or kind
 * (strings, code, arrays, V8's hidden objects), summing their own (shallow) sizes: what one page
 * holds that another does not shows up as a group that grew.
 */
export function readHeapSnapshot(text: string): HeapGroups {
  const { snapshot, nodes, strings } = JSON.parse(text) as HeapSnapshot
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[0]
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field))
  const groups: HeapGroups = new Map()
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt!]!]!
    const name = strings[nodes[i + nameAt!]!]!
    const key =
      type === 'object' || type === 'native' ? name
      : type === 'closure' ? `(closure) ${name || 'anonymous'}`
      : type.includes('string') ? '(strings)'
      : type === 'hidden' || type === 'array' || type === 'object shape' || type === 'code' ? `(${type}) ${name.replace(/\d+/g, '#').slice(0, 60)}`
      : `(${type})`
    const group = groups.get(key) ?? { bytes: 0, count: 0 }
    group.bytes += nodes[i + sizeAt!]!
    group.count += 1
    groups.set(key, group)
  }
  return groups
}
