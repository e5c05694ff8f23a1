// The 'latch/elements' entry: Latch's buttons as custom elements, for hosts without React.
export { defineLatchElements } from './defineLatchElements.js'
export { ElementDefinedError } from '../errors/elements.js'
export type { LatchButtonOptions } from '../react/buttons/LatchButtonOptions.js'
