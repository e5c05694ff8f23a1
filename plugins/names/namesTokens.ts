import { createToken } from '../../kernel/token.js'
import type { AccountNamesStore } from './AccountNamesStore.js'
import type { RegisterNameStore } from './RegisterNameStore.js'

/** RegisterAccountName's form and the registration. */
export const RegisterNameStoreToken = createToken<RegisterNameStore>('RegisterNameStore')
/** The names each connected address holds. */
export const AccountNamesStoreToken = createToken<AccountNamesStore>('AccountNamesStore')
