import { UnsafeWalletLinkError } from '../errors/chain.js'

const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Never a wallet: these run code or read local data.
const FORBIDDEN = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'chrome', 'filesystem'])

/**
 * A wallet's base link, checked and ending in '/': `https://wallet.example/` or `wallet://`.
 * Links come from the wallet catalogue (mobile_link, desktop_link, webapp_link) or from this
 * device's storage: untrusted data.
 *
 * @param link - the wallet's link
 * @param registeredSchemes - custom schemes the host or catalogue registered, e.g. ['metamask']
 * @returns the base to append `wc?…` to
 * @throws UnsafeWalletLinkError for anything that is not http(s) or a registered scheme
 *
 * @example
 * walletLinkBase('metamask:', ['metamask']) // 'metamask://'
 */
export function walletLinkBase(link: string, registeredSchemes: readonly string[] = []): string {
  const scheme = SCHEME.exec(link.trim())?.[1]?.toLowerCase()
  if (!scheme) throw new UnsafeWalletLinkError({ link })
  if (scheme === 'http' || scheme === 'https') {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new UnsafeWalletLinkError({ link })
    }
    return url.href.endsWith('/') ? url.href : `${url.href}/`
  }
  const registered = registeredSchemes.map((s) => s.toLowerCase().replace(/:.*$/, ''))
  if (FORBIDDEN.has(scheme) || !registered.includes(scheme)) throw new UnsafeWalletLinkError({ link })
  const base = link.includes('://') ? link : link.replace(':', '://')
  return base.endsWith('/') ? base : `${base}/`
}

/**
 * Builds the link that opens a wallet with a WalletConnect URI: a universal link
 * (`https://wallet.example/wc?uri=…`) or a deep link (`wallet://wc?uri=…`).
 *
 * @param link - the wallet's base link
 * @param uri - the pairing URI
 * @param registeredSchemes - custom schemes the host or catalogue registered, e.g. ['metamask']
 * @returns the link to open
 * @throws UnsafeWalletLinkError for anything that is not http(s) or a registered scheme
 *
 * @example
 * createWalletLink('https://metamask.app.link', 'wc:…') // 'https://metamask.app.link/wc?uri=wc%3A…'
 */
export function createWalletLink(link: string, uri: string, registeredSchemes: readonly string[] = []): string {
  return `${walletLinkBase(link, registeredSchemes)}wc?uri=${encodeURIComponent(uri)}`
}
