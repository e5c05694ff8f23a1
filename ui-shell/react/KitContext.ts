import { createContext, useContext } from 'react'
import type { Kit } from '../../kernel/index.js'
import { NoKitProviderError } from '../errors/shell.js'

/** The kit a subtree talks to: the modal's own tree and the host's provider both set it. */
export const KitContext = createContext<Kit | null>(null)

/** The kit from the nearest provider; throws a clear error outside one. */
export function useKit(): Kit {
  const kit = useContext(KitContext)
  if (!kit) throw new NoKitProviderError()
  return kit
}
