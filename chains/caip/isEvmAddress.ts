import { isAddress } from 'viem'

const HEX_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/

/**
 * Whether a string is an EVM address: an optional `0x` and 40 hex digits (SPEC §5). A
 * mixed-case address must carry a valid EIP-55 checksum; all-lower or all-upper is accepted.
 *
 * @param value - anything
 * @returns true for a well-formed address
 *
 * @example
 * isEvmAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // true
 */
export function isEvmAddress(value: unknown): value is string {
  if (typeof value !== 'string' || !HEX_ADDRESS.test(value)) return false
  const prefixed = value.startsWith('0x') ? value : `0x${value}`
  // viem checks EIP-55 only when the hex part mixes cases.
  return isAddress(prefixed, { strict: true })
}
