import { createToken } from '../../kernel/index.js'
import type { EmailLoginStore } from './EmailLoginStore.js'
import type { UpdateEmailStore } from './UpdateEmailStore.js'

export const EmailLoginStoreToken = createToken<EmailLoginStore>('EmailLoginStore')
export const UpdateEmailStoreToken = createToken<UpdateEmailStore>('UpdateEmailStore')
