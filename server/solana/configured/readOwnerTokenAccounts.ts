import { parseTokenAccount, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../splLayouts.js'
import { callSolanaNetwork } from './callSolanaNetwork.js'
import type { SolanaNetworkHandle } from './SolanaNetworkHandle.js'

/** One of an owner's token accounts of a listed mint, as the node holds it now. */
export interface OwnerTokenAccount {
  address: string
  mint: string
  amount: bigint
}

interface KeyedAccount {
  pubkey: string
  account: { data: [string, string] }
}

/**
 * The owner's token accounts (SPL Token and Token-2022) whose mint is on the network's token list,
 * read with `getTokenAccountsByOwner` in base64 and parsed here, whatever the node parses.
 */
export async function readOwnerTokenAccounts(network: SolanaNetworkHandle, owner: string): Promise<OwnerTokenAccount[]> {
  if (network.tokens.length === 0) return []
  const listed = new Set(network.tokens.map((token) => token.mint))
  const programs = [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID]
  const answers = await Promise.all(
    programs.map((programId) =>
      callSolanaNetwork<{ value: KeyedAccount[] }>(network, 'getTokenAccountsByOwner', [owner, { programId }, { encoding: 'base64', commitment: 'confirmed' }]),
    ),
  )
  const accounts: OwnerTokenAccount[] = []
  for (const { pubkey, account } of answers.flatMap((answer) => answer.value)) {
    const parsed = parseTokenAccount(Buffer.from(account.data[0], 'base64'))
    if (parsed && parsed.owner === owner && listed.has(parsed.mint)) accounts.push({ address: pubkey, mint: parsed.mint, amount: parsed.amount })
  }
  return accounts
}
