import { readFile } from 'node:fs/promises'
import { getAddress } from 'viem'
import { createStrictAjv } from '../plugins/projects/createStrictAjv.js'
import { TokenListError } from '../errors/networks.js'
import { tokenListSchema } from './configSchema.js'
import type { ListedToken } from './NetworkConfig.js'

const isTokenList = createStrictAjv().compile<{ tokens: ListedToken[] }>(tokenListSchema)

/**
 * Reads a token list in the Uniswap Token Lists standard from a file or an http(s) URL.
 *
 * @param source - a path, or a URL such as `https://tokens.uniswap.org`
 * @returns its tokens, addresses checksummed
 * @throws TokenListError when it cannot be read or is not a token list
 */
export async function loadTokenList(source: string): Promise<ListedToken[]> {
  let text: string
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source, { signal: AbortSignal.timeout(15_000) })
      if (!response.ok) throw new TokenListError({ source, reason: `HTTP ${response.status}` })
      text = await response.text()
    } else text = await readFile(source, 'utf8')
  } catch (error) {
    if (error instanceof TokenListError) throw error
    throw new TokenListError({ source, reason: error instanceof Error ? error.message : String(error), cause: error })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new TokenListError({ source, reason: 'is not JSON', cause: error })
  }
  if (!isTokenList(parsed)) {
    const first = isTokenList.errors?.[0]
    throw new TokenListError({ source, reason: `${first?.instancePath || '(top level)'} ${first?.message ?? 'is invalid'}` })
  }
  return parsed.tokens.map((token) => ({ ...token, address: getAddress(token.address) }))
}
