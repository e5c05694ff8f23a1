import { NameInvalidChainIdError } from './errors/names.js'

/** ENSIP-11: EVM coin types set the top bit, so a chain id must fit in 31 bits (SPEC §5). */
const EVM_COIN_TYPE_BIT = 0x80000000

/**
 * The ENSIP-11 coin type of an EVM chain, which the name service stores the address under.
 * https://docs.ens.domains/ensip/11
 *
 * @param chainId - the EVM chain id
 * @returns `(0x80000000 | chainId) >>> 0`
 * @throws NameInvalidChainIdError when the id is not an integer below 2147483648
 *
 * @example
 * nameCoinType(31337) // 2147514985
 */
export function nameCoinType(chainId: number | string): number {
  const id = typeof chainId === 'number' ? chainId : /^\d{1,16}$/.test(chainId) ? Number(chainId) : Number.NaN
  if (!Number.isSafeInteger(id) || id < 0 || id >= EVM_COIN_TYPE_BIT) throw new NameInvalidChainIdError({ chainId })
  return (EVM_COIN_TYPE_BIT | id) >>> 0
}
