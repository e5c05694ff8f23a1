// The 'latch/elements' entry: Latch's buttons as custom elements, for hosts without React.
export { defineLatchElements } from './defineLatchElements.js'
export { ElementDefinedError } from '../errors/elements.js'
// The buttons' stylesheet, for a host that serves it as a file: linked with
// `<link rel="stylesheet" data-latch-buttons>`, it replaces the adopted one.
export { BUTTON_STYLES } from '../react/buttons/buttonStyles.js'
export type { LatchButtonOptions } from '../react/buttons/LatchButtonOptions.js'
