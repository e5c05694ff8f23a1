import type { Frame, Page } from 'playwright-core'

/**
 * What the open modal shows that is not from a message catalogue, read in the pseudo-locale
 * (en-XA), where every message is '[…]': each visible text node of the dialog, and each
 * aria-label, title, placeholder and alt, that is not bracketed and is not data. Data, the whole
 * list of exceptions:
 * - text inside `<bdi>`: names that are the visitor's or the catalogue's, not ours (wallet,
 *   network, token, NFT and account names), isolated in `<bdi>` so they read right in RTL too;
 * - dates in `<time>`: written by `Intl` for the locale (the pseudo-locale has no calendar of its own);
 * - subtrees hidden from assistive technology (`aria-hidden`): a wallet's initial, a decorative glyph;
 * - a lone symbol that is no word in any language ('×', '‹', '⋯', '—');
 * - numbers and amounts ('500+', '10,000 ETH', '$3,000.00', '-0.5 USDC', '1.00%'), token symbols
 *   ('ETH'), addresses ('0x90F7…1234', base58) and e-mail addresses: values, not copy.
 *
 * @returns each offending string with where it was found ('text', 'aria-label', ...)
 */
export function unbracketedText(page: Page): Promise<string[]> {
  return unbracketedTextIn(page, { host: 'latch-modal', selector: 'dialog, section.embedded' })
}

/**
 * The same check in any part of a page or frame: `selector`'s element, inside `host`'s shadow
 * root when given (the secure site's card: `unbracketedTextIn(frame, { selector: '#approval' })`).
 */
export function unbracketedTextIn(target: Page | Frame, where: { host?: string; selector: string }): Promise<string[]> {
  return target.evaluate(({ host, selector }) => {
    const root = host ? document.querySelector(host)!.shadowRoot! : document
    const dialog = root.querySelector(selector)!
    const DATA = [
      /^[^\p{L}\p{N}]$/u, // a lone symbol
      /^[-+<]?\s*\p{Sc}?\s*[\d٠-٩۰-۹.,٫٬\s]+\s*%?\+?(\s*[A-Z0-9]{2,8})?$/u, // a number or an amount
      /^[A-Z0-9]{2,8}$/, // a token symbol
      /^(0x[0-9a-fA-F]{40}|0x[0-9a-fA-F]{2,8}…[0-9a-fA-F]{2,8}|[1-9A-HJ-NP-Za-km-z]{32,44}|[1-9A-HJ-NP-Za-km-z]{3,8}…[1-9A-HJ-NP-Za-km-z]{3,8})$/, // an address
      /^[^\s@]+@[^\s@]+$/, // an e-mail address
    ]
    const isCopy = (text: string) => {
      const trimmed = text.trim()
      return trimmed !== '' && !(trimmed.startsWith('[') && trimmed.endsWith(']')) && !DATA.some((pattern) => pattern.test(trimmed))
    }
    const exempt = (element: Element | null) => Boolean(element?.closest('bdi, time, [aria-hidden="true"], style, script, [hidden]'))
    const found: string[] = []
    const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (exempt(parent) || !parent?.checkVisibility()) continue
      if (isCopy(node.textContent ?? '')) found.push(`text: ${node.textContent!.trim()}`)
    }
    for (const element of dialog.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (exempt(element)) continue
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)
        if (value !== null && isCopy(value)) found.push(`${name}: ${value}`)
      }
    }
    return [...new Set(found)]
  }, where)
}
