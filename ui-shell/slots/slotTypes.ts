import type { ComponentType } from 'react'
import type { ViewDataMap, ViewName } from '../../kernel/index.js'
import type { SlotEntry } from './SlotRegistry.js'

/**
 * A way to connect on the Connect view: a section such as the wallet list, email or social login.
 * `id` 'wallet', 'email' and 'social' follow SPEC §2's method order and the host's
 * `features.connectMethodsOrder`; other methods come after them, by `order`.
 */
export interface ConnectMethod extends SlotEntry {
  /** The section; rendered in the Connect view, in the kit's React tree. */
  component: ComponentType
  /** Counts as an installed wallet for SPEC §2's 'wallet first' rule. */
  hasInstalledWallet?: () => boolean
}

/** A tab of the Account view (Tokens, NFTs, Activity, ...). */
export interface AccountTab extends SlotEntry {
  label: string
  /** The tab panel's content. */
  component: ComponentType
}

/** An action button of the Account view (Send, Receive, Swap, Buy, ...). */
export interface AccountAction<V extends ViewName = ViewName> extends SlotEntry {
  label: string
  /** A short glyph or icon component shown before the label. */
  icon?: ComponentType
  /** The view the action opens. */
  view: V
  data?: ViewDataMap[V]
}

/** A stylesheet the modal holds while its plugin is loaded (for slot entries; views carry their own). */
export interface StyleSheetEntry extends SlotEntry {
  css: string
}
