import type { ReactNode } from 'react'
import type { Kit } from '../../kernel/index.js'
import { KitContext } from './KitContext.js'

export interface LatchProviderProps {
  kit: Kit
  children?: ReactNode
}

/**
 * Makes a kit available to the host's components: hooks and buttons read it.
 *
 * @example
 * <LatchProvider kit={kit}><ConnectButton /></LatchProvider>
 */
export function LatchProvider({ kit, children }: LatchProviderProps) {
  return <KitContext.Provider value={kit}>{children}</KitContext.Provider>
}
