// The core alone: used while the built package has no `latch/plugins/connectors` entry.
export const networks = undefined
export const plugins = []
