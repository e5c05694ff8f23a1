import type { CSSProperties } from 'react'
import { useKitState } from '../useKitState.js'
import type { LatchButtonOptions } from './LatchButtonOptions.js'
import { useHydrated } from './useHydrated.js'
import { useThemeOverrides } from './useThemeOverrides.js'

/**
 * What a Latch button is marked with: its variant, size and theme (read by the buttons'
 * stylesheet), and `aria-busy` while a connection is made or restored.
 * Defaults (styled, md, dark) add no attribute, so a server-rendered button is plain markup.
 * The host's theme variables join the host's own `style` (which wins).
 */
export function useButtonAttributes({ size = 'md', variant = 'styled' }: LatchButtonOptions, style?: CSSProperties) {
  const themeMode = useKitState((state) => state.themeMode)
  // Busy only while a wallet connects or a saved connection is restored: a new visitor's button
  // does not flash 'Connecting…' while the kit starts.
  const connecting = useKitState((state) => state.status === 'connecting' || state.status === 'reconnecting')
  const busy = useHydrated() && connecting
  const styled = variant !== 'unstyled'
  const overrides = useThemeOverrides()
  return {
    busy,
    styled,
    attributes: {
      'data-latch-variant': styled ? undefined : 'unstyled',
      'data-latch-size': size === 'sm' ? 'sm' : undefined,
      'data-latch-theme': styled && themeMode === 'light' ? 'light' : undefined,
      'aria-busy': busy || undefined,
      style: styled && overrides ? { ...overrides, ...style } : style,
    },
  } as const
}
