import { createToken } from '../../kernel/index.js'
import type { SocialProvider } from '../../chains/connectors/AuthConnector.js'
import type { SocialLoginStore } from './SocialLoginStore.js'
import type { FarcasterLoginStore } from './FarcasterLoginStore.js'

export const SocialLoginStoreToken = createToken<SocialLoginStore>('SocialLoginStore')
/** The providers Connect lists now (the `socials` flag, SPEC §1's order, SPEC §6's Telegram rules). */
export const SocialProvidersToken = createToken<() => SocialProvider[]>('SocialProviders')
export const FarcasterLoginStoreToken = createToken<FarcasterLoginStore>('FarcasterLoginStore')
