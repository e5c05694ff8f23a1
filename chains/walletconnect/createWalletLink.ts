import { UnsafeWalletLinkError } from '../errors/chain.js'

const SCHEME = /^([a-z][a-z0-9+.-]*):/i
// Never a wallet: these run code or read local data.
const FORBIDDEN = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'chrome', 'filesystem'])

/**
 * Builds the link that opens a wallet with a WalletConnect URI: a universal link
 * (`https://wallet.example/wc?uri=…`) or a deep link (`wallet://wc?uri=…`). Links come
 * from the wallet catalogue (mobile_link, desktop_link, webapp_link): untrusted data.
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
  const scheme = SCHEME.exec(link.trim())?.[1]?.toLowerCase()
  if (!scheme) throw new UnsafeWalletLinkError({ link })
  const encoded = encodeURIComponent(uri)
  if (scheme === 'http' || scheme === 'https') {
    let url: URL
    try {
      url = new URL(link)
    } catch {
      throw new UnsafeWalletLinkError({ link })
    }
    const base = url.href.endsWith('/') ? url.href : `${url.href}/`
    return `${base}wc?uri=${encoded}`
  }
  const registered = registeredSchemes.map((s) => s.toLowerCase().replace(/:.*$/, ''))
  if (FORBIDDEN.has(scheme) || !registered.includes(scheme)) throw new UnsafeWalletLinkError({ link })
  const base = link.includes('://') ? link : link.replace(':', '://')
  return `${base.endsWith('/') ? base : `${base}/`}wc?uri=${encoded}`
}
