import { useCallback, useMemo, useSyncExternalStore, type CSSProperties } from 'react'
import { ThemeStoreToken } from '../../theme/themeStoreToken.js'
import { useKit } from '../KitContext.js'
import { watchKit } from '../watchKit.js'
import { useHydrated } from './useHydrated.js'

/**
 * The host's theme variables (`createKit({ themeVariables })`, `ThemeStore.setVariables`) as
 * custom properties for a button's `style`, so the buttons follow the same overrides as the
 * modal, live. Set through the CSSOM after hydration: no inline style in server HTML, which a
 * strict CSP would block. Names must be `--latch-*`; values that could escape a declaration are
 * dropped, as the modal's `themeDeclarations` drops them.
 */
export function useThemeOverrides(): CSSProperties | undefined {
  const kit = useKit()
  const hydrated = useHydrated()
  const read = useCallback(() => (kit.isProvided(ThemeStoreToken) ? kit.resolve(ThemeStoreToken).variables : undefined), [kit])
  // The theme store arrives with the shell: watchKit reads and tracks again once the kit is ready.
  const subscribe = useCallback((notify: () => void) => watchKit(kit, read, notify), [kit, read])
  const variables = useSyncExternalStore(subscribe, read, () => undefined)
  return useMemo(() => {
    if (!hydrated || !variables) return undefined
    const safe = Object.entries(variables).filter(([name, value]) => /^--latch-[a-z0-9-]+$/.test(name) && !/[;{}<>]/.test(String(value)))
    return safe.length > 0 ? (Object.fromEntries(safe.map(([name, value]) => [name, String(value)])) as CSSProperties) : undefined
  }, [hydrated, variables])
}
