import { createWalletLink } from './createWalletLink.js'

/** The links a wallet catalogue entry carries (SPEC §3 'Wallet listing'). */
export interface WalletListingLinks {
  mobile_link?: string | null
  desktop_link?: string | null
  webapp_link?: string | null
}

/**
 * The links that open a wallet with a pairing URI: mobile (deep or universal link), desktop
 * (deep link) and web app (universal link). A link that is neither http(s) nor a registered
 * scheme is left out, never opened.
 *
 * @param listing - the catalogue entry
 * @param uri - the WalletConnect pairing URI
 * @param registeredSchemes - schemes the host allows besides http(s)
 * @returns the usable links
 *
 * @example
 * walletLinks({ mobile_link: 'metamask://' }, uri, ['metamask']).mobile
 */
export function walletLinks(
  listing: WalletListingLinks,
  uri: string,
  registeredSchemes: readonly string[] = [],
): { mobile?: string; desktop?: string; web?: string } {
  const make = (link: string | null | undefined) => {
    if (!link) return undefined
    try {
      return createWalletLink(link, uri, registeredSchemes)
    } catch {
      return undefined
    }
  }
  const links = { mobile: make(listing.mobile_link), desktop: make(listing.desktop_link), web: make(listing.webapp_link) }
  // A web app must be a web page: a custom scheme is no web link.
  if (links.web && !/^https?:/.test(links.web)) links.web = undefined
  return Object.fromEntries(Object.entries(links).filter(([, value]) => value !== undefined))
}
