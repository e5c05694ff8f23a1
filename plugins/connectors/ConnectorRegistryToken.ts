import { createToken } from '../../kernel/token.js'
import type { ConnectorRegistry } from './ConnectorRegistry.js'

// Apart from the registry, a MobX store that comes with the plugin's setup: the plugin's entry,
// in the host's first script, names only the token (issue 32).
/** The kit's connectors: a plugin that `requires: ['connectors']` registers its own through it. */
export const ConnectorRegistryToken = createToken<ConnectorRegistry>('ConnectorRegistry')
