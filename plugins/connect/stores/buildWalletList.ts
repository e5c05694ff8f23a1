import type { KitConnector } from '../../../chains/connectors/KitConnector.js'
import type { WalletListing } from '../catalog/WalletListing.js'

/** The connector-type order of SPEC §2. */
export const CONNECTOR_TYPE_ORDER = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export type WalletSection = (typeof CONNECTOR_TYPE_ORDER)[number]

/** One row of the Connect view's wallet list. */
export type WalletItem =
  | { section: 'walletConnect' | 'injected' | 'external'; key: string; connector: KitConnector }
  | { section: 'recent' | 'featured' | 'custom' | 'recommended'; key: string; wallet: WalletListing; connector?: KitConnector }

export interface WalletListInput {
  connectors: readonly KitConnector[]
  /** Recently used wallets, newest first (SPEC §3 'Recent wallet'), as full listings when the catalogue has them. */
  recent: readonly WalletListing[]
  featured: readonly WalletListing[]
  custom: readonly WalletListing[]
  recommended: readonly WalletListing[]
  excludedIds: readonly string[]
  isMobile: boolean
  /** The host's own section order (features.connectorTypeOrder), else SPEC §2's. */
  order?: readonly WalletSection[]
}

/** SPEC §9: at most two recent wallets; recommended 4; featured as many as given, else 4. */
export const MAX_RECENT = 2
export const RECOMMENDED_COUNT = 4

const normalise = (text: string | undefined | null) => text?.toLowerCase().replace(/[^a-z0-9]/g, '') ?? ''

/**
 * Builds the Connect view's wallet list (SPEC §2, §5): sections in the connector-type order;
 * detected and recent wallets removed from featured and recommended; excluded wallets hidden;
 * 'Browser Wallet' (the generic injected provider) only on mobile with an installed wallet.
 */
export function buildWalletList(input: WalletListInput): WalletItem[] {
  const excluded = new Set(input.excludedIds)
  const installed = input.connectors.filter((c) => (c.type === 'INJECTED' || c.type === 'ANNOUNCED') && !excluded.has(c.id))
  const isBrowserWallet = (c: KitConnector) => c.type === 'INJECTED' && normalise(c.name) === 'browserwallet'
  const injected = installed.filter((c) => !isBrowserWallet(c) || (input.isMobile && installed.some((other) => other !== c)))

  // A catalogue wallet matches a connector by rdns, id or name: either way it is the same wallet.
  const matchesConnector = (wallet: { id: string; rdns?: string | null; name: string }, connector: KitConnector) =>
    wallet.id === connector.id ||
    (!!wallet.rdns && wallet.rdns === connector.info?.rdns) ||
    normalise(wallet.name) === normalise(connector.name)

  const recent = input.recent.filter((w) => !excluded.has(w.id)).slice(0, MAX_RECENT)
  const seen = (wallet: WalletListing) =>
    injected.some((c) => matchesConnector(wallet, c)) || recent.some((r) => r.id === wallet.id || (!!r.rdns && r.rdns === wallet.rdns))
  const keep = (wallets: readonly WalletListing[]) => wallets.filter((w) => !excluded.has(w.id) && !seen(w))

  const sections: Record<WalletSection, WalletItem[]> = {
    walletConnect: input.connectors
      .filter((c) => c.type === 'WALLET_CONNECT' && !excluded.has(c.id))
      .map((connector) => ({ section: 'walletConnect', key: `wc:${connector.id}`, connector })),
    recent: recent
      .filter((r) => !injected.some((c) => matchesConnector(r, c)))
      .map((wallet) => ({ section: 'recent', key: `recent:${wallet.id}`, wallet })),
    injected: injected.map((connector) => ({ section: 'injected', key: `injected:${connector.chain ?? ''}:${connector.id}`, connector })),
    featured: keep(input.featured).map((wallet) => ({ section: 'featured', key: `featured:${wallet.id}`, wallet })),
    custom: input.custom.filter((w) => !excluded.has(w.id)).map((wallet) => ({ section: 'custom', key: `custom:${wallet.id}`, wallet })),
    external: input.connectors
      .filter((c) => (c.type === 'EXTERNAL' || c.type === 'MULTI_CHAIN') && !excluded.has(c.id))
      .map((connector) => ({ section: 'external', key: `external:${connector.chain ?? ''}:${connector.id}`, connector })),
    recommended: keep(input.recommended)
      .slice(0, RECOMMENDED_COUNT)
      .map((wallet) => ({ section: 'recommended', key: `recommended:${wallet.id}`, wallet })),
  }
  const order = input.order ?? CONNECTOR_TYPE_ORDER
  // A host's list may name a section that does not exist (plain JavaScript, a typo): skip it.
  const items = order.flatMap((section) => sections[section] ?? [])
  // A wallet listed twice (featured and recommended, say) shows once, where it first appears.
  const keys = new Set<string>()
  return items.filter((item) => {
    const id = 'wallet' in item ? `wallet:${item.wallet.id}` : item.key
    if (keys.has(id)) return false
    keys.add(id)
    return true
  })
}
