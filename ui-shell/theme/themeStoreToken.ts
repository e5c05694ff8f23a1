import { createToken } from '../../kernel/token.js'
import type { ThemeStore } from './ThemeStore.js'

// Apart from the store, which needs MobX: the buttons name the token in the host's first script.
/** Resolve it from a kit to switch themes: `kit.resolve(ThemeStoreToken).setMode('light')`. */
export const ThemeStoreToken = createToken<ThemeStore>('ThemeStore')
