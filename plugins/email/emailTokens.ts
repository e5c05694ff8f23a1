import { createToken } from '../../kernel/index.js'
import type { EmailLoginStore } from './EmailLoginStore.js'

export const EmailLoginStoreToken = createToken<EmailLoginStore>('EmailLoginStore')
