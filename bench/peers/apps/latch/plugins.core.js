// The core alone: the fallback when the built package lacks what a Latch app's plugins module imports.
export const plugins = []
