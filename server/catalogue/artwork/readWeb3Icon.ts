/** The folders of `@web3icons/core` we draw from; "background" variants are square tiles, like app icons. */
export type Web3IconKind = 'wallets' | 'networks' | 'tokens'

/**
 * One SVG of `@web3icons/core` (MIT), or undefined when the package has no such icon. The name
 * comes from our own tables (`artworkNames.ts`), never from a request.
 *
 * @param kind - wallets, networks or tokens
 * @param name - the package's file name without `.svg.js` (`metamask`, `arbitrum-one`, `USDC`)
 */
export async function readWeb3Icon(kind: Web3IconKind, name: string): Promise<string | undefined> {
  try {
    // Resolved by Node at run time (the package exports each folder); the bundlers' analysis is skipped.
    const specifier = `@web3icons/core/svgs/${kind}/background/${name}.svg.js`
    const module = (await import(/* @vite-ignore */ specifier)) as { default: string }
    return module.default
  } catch {
    return undefined
  }
}
