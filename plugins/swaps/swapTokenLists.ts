// The token picker's lists (SPEC §9: suggested and popular swap tokens), by symbol, as AppKit
// 1.7.10 has them (packages/controllers/src/utils/ConstantsUtil.ts, SWAP_SUGGESTED_TOKENS and
// SWAP_POPULAR_TOKENS). Only the swap store imports this file, so it loads with the first swap.

/** Shown as chips above the picker's lists (the first 8 a network trades). */
export const SWAP_SUGGESTED_SYMBOLS: ReadonlySet<string> = new Set([
  'ETH', 'UNI', '1INCH', 'AAVE', 'SOL', 'ADA', 'AVAX', 'DOT', 'LINK', 'NITRO', 'GAIA', 'MILK', 'TRX', 'NEAR',
  'GNO', 'WBTC', 'DAI', 'WETH', 'USDC', 'USDT', 'ARB', 'BAL', 'BICO', 'CRV', 'ENS', 'MATIC', 'OP',
])

/** The picker's 'Popular' section: the suggested symbols and these. */
export const SWAP_POPULAR_SYMBOLS: ReadonlySet<string> = new Set([
  ...SWAP_SUGGESTED_SYMBOLS,
  'METAL', 'CHAMP', 'WOLF', 'SALE', 'BUSD', 'MUST', 'BTCpx', 'ROUTE', 'HEX', 'WELT', 'amDAI', 'VSQ', 'VISION',
  'AURUM', 'pSP', 'SNX', 'VC', 'CHP', 'amUSDT', 'SPHERE', 'FOX', 'GIDDY', 'GFC', 'OMEN', 'OX_OLD', 'DE', 'WNT',
])

/** How many suggested chips the picker shows (AppKit's select-token view shows 8). */
export const SUGGESTED_CHIPS = 8
