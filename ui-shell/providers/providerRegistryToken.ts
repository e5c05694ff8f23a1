import { createToken } from '../../kernel/token.js'
import type { ProviderRegistry } from './ProviderRegistry.js'

// Apart from the registry, which is a MobX store: the host's hooks name the token in its first
// script, and the store comes with the shell (issue 32).
/** Where plugins offer their namespace's provider (shared by the shell). */
export const ProviderRegistryToken = createToken<ProviderRegistry>('ProviderRegistry')
