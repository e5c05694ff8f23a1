/**
 * The README's host page with the plugins its snippet leaves out for social login and Buy, added
 * as the README's plugin table says (`onramp`, `embeddedWallet({ secureSiteUrl })`, `socials`):
 * the rest of the page is the README's, unchanged.
 *
 * @param main - the README snippet as written for the test's backend
 */
export function withLoginAndBuyPlugins(main: string, { secureSiteUrl }: { secureSiteUrl: string }): string {
  const swapsImport = "import { swaps } from 'latch/plugins/swaps'\n"
  const swapsPlugin = /\n(\s+)swaps\(\),[^\n]*\n/
  if (!main.includes(swapsImport) || !swapsPlugin.test(main)) throw new Error("README's host page no longer loads swaps: place the added plugins elsewhere")
  const imports = ["import { onramp } from 'latch/plugins/onramp'", "import { embeddedWallet } from 'latch/plugins/embeddedWallet'", "import { socials } from 'latch/plugins/socials'"]
  return main
    .replace(swapsImport, `${swapsImport}${imports.join('\n')}\n`)
    .replace(swapsPlugin, (line, indent: string) => `${line}${indent}onramp(),\n${indent}embeddedWallet({ secureSiteUrl: ${JSON.stringify(secureSiteUrl)} }),\n${indent}socials(),\n`)
}
