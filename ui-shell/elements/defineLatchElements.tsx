import type { Kit } from '../../kernel/index.js'
import { AccountButton } from '../react/AccountButton.js'
import { ConnectButton } from '../react/ConnectButton.js'
import { NetworkButton } from '../react/NetworkButton.js'
import { defineButtonElement, isDefinedFor, type ButtonComponent } from './defineButtonElement.js'

/** The three tags, with the React button each renders (AccountButton has no label to pass on). */
const LATCH_ELEMENTS: Record<string, ButtonComponent> = {
  'latch-connect-button': ConnectButton,
  'latch-account-button': ({ label: _label, ...options }) => <AccountButton {...options} />,
  'latch-network-button': NetworkButton,
}

/**
 * Registers `<latch-connect-button>`, `<latch-account-button>` and `<latch-network-button>` for
 * a kit, for pages without React. Each renders the same button as its React component and
 * follows the kit's state; attributes `size` ('sm' | 'md'), `variant` ('unstyled') and `label`.
 * Calling it again with the same kit does nothing.
 *
 * @param kit - the page's kit, from `createKit`
 * @throws ElementDefinedError when a tag is already defined for another kit or by another library
 * @example
 * defineLatchElements(createKit({ projectId }, plugins))
 * // <latch-connect-button size="sm"></latch-connect-button>
 */
export function defineLatchElements(kit: Kit): void {
  // Every tag checked first: a refusal leaves none of the three half-defined.
  for (const tag of Object.keys(LATCH_ELEMENTS)) isDefinedFor(tag, kit)
  for (const [tag, Button] of Object.entries(LATCH_ELEMENTS)) defineButtonElement(tag, Button, kit)
}
