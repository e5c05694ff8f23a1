// The core alone: used while the built package has no `latch/plugins/connectors` entry.
export const plugins = []
