import { getBase58Decoder, type ReadonlyUint8Array } from '@solana/kit'

/** The SPL Token program and Token-2022, whose accounts the RPC parses for `jsonParsed`. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const base58 = getBase58Decoder()

/** The fields of an SPL token account (165 bytes: mint, owner, amount, ...). */
export interface TokenAccountFields {
  mint: string
  owner: string
  amount: bigint
}

/** Reads a token account's mint, owner and amount; `null` when the data is not a token account. */
export function parseTokenAccount(data: Uint8Array | ReadonlyUint8Array): TokenAccountFields | null {
  // Token-2022 accounts may be longer (extensions) but start with the same 165-byte layout.
  if (data.length < 165 || (data.length > 165 && data[165] !== 2)) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  // Byte 108 is the state: 0 uninitialized, 1 initialized, 2 frozen.
  if (data[108] === 0) return null
  return {
    mint: base58.decode(data.subarray(0, 32)),
    owner: base58.decode(data.subarray(32, 64)),
    amount: view.getBigUint64(64, true),
  }
}

/** The fields of an SPL mint (82 bytes). */
export interface MintFields {
  mintAuthority: string | null
  supply: bigint
  decimals: number
}

/** Reads a mint's authority, supply and decimals; `null` when the data is not a mint. */
export function parseMint(data: Uint8Array | ReadonlyUint8Array): MintFields | null {
  if (data.length !== 82 && !(data.length > 165 && data[165] === 1)) return null
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  if (data[45] !== 1) return null
  return {
    mintAuthority: view.getUint32(0, true) === 1 ? base58.decode(data.subarray(4, 36)) : null,
    supply: view.getBigUint64(36, true),
    decimals: data[44] ?? 0,
  }
}
