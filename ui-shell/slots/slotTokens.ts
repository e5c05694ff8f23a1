import { createToken } from '../../kernel/index.js'
import type { SlotRegistry } from './SlotRegistry.js'
import type { AccountAction, AccountTab, ConnectMethod, StyleSheetEntry } from './slotTypes.js'

/** The Connect view's methods (wallet list, email, social, and third parties' own). */
export const ConnectMethodsToken = createToken<SlotRegistry<ConnectMethod>>('ConnectMethods')
/** The Account view's tabs. */
export const AccountTabsToken = createToken<SlotRegistry<AccountTab>>('AccountTabs')
/** The Account view's action buttons. */
export const AccountActionsToken = createToken<SlotRegistry<AccountAction>>('AccountActions')
/** Stylesheets adopted into the modal's shadow root besides the views' own. */
export const StyleSheetsToken = createToken<SlotRegistry<StyleSheetEntry>>('StyleSheets')
