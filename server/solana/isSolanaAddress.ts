import { isAddress } from '@solana/kit'

/** Whether `value` is a base58 string that decodes to a 32-byte public key. */
export function isSolanaAddress(value: string): boolean {
  return value.length >= 32 && value.length <= 44 && isAddress(value)
}
