import {
  Keypair,
  SystemProgram,
  Transaction,
  LAMPORTS_PER_SOL,
} from '@solana/web3.js'
import {
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import { createHash } from 'node:crypto'
import type { SolanaCluster } from './SolanaCluster.js'

/** What the local Solana cluster holds at boot, for `GET /dev/deployment` and the tests. */
export interface SolanaSeed {
  /** The dev wallet's public key; funded with SOL and the test token. */
  devWallet: string
  /** The dev wallet's 64-byte secret key (base64): local cluster only, never a real key. */
  devWalletSecretKey: string
  /** The test SPL token's mint (6 decimals, like USDC). */
  testTokenMint: string
  testTokenDecimals: number
  testTokenSymbol: string
}

/** A deterministic keypair from a label, so addresses are the same on every boot. */
export function devKeypair(label: string): Keypair {
  return Keypair.fromSeed(createHash('sha256').update(`latch-dev:${label}`).digest())
}

const DEV_WALLET_SOL = 1_000n
const TEST_TOKEN_DECIMALS = 6
const TEST_TOKEN_SUPPLY = 1_000_000n * 10n ** BigInt(TEST_TOKEN_DECIMALS)

/**
 * Funds the dev wallet and creates the test SPL token ("LUSD", 6 decimals) with a real signed
 * transaction, so the cluster is seeded through the same path a wallet's transaction takes.
 *
 * @param cluster - a fresh cluster
 * @returns the addresses it created
 */
export function seedSolanaCluster(cluster: SolanaCluster): SolanaSeed {
  const wallet = devKeypair('solana-wallet')
  const mint = devKeypair('solana-test-token')
  cluster.airdrop(wallet.publicKey.toBase58(), DEV_WALLET_SOL * BigInt(LAMPORTS_PER_SOL))
  const ata = getAssociatedTokenAddressSync(mint.publicKey, wallet.publicKey)
  const rent = Number(cluster.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)))
  const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: cluster.svm.latestBlockhash() }).add(
    SystemProgram.createAccount({
      fromPubkey: wallet.publicKey,
      newAccountPubkey: mint.publicKey,
      lamports: rent,
      space: MINT_SIZE,
      programId: TOKEN_PROGRAM_ID,
    }),
    createInitializeMint2Instruction(mint.publicKey, TEST_TOKEN_DECIMALS, wallet.publicKey, null),
    createAssociatedTokenAccountInstruction(wallet.publicKey, ata, wallet.publicKey, mint.publicKey),
    createMintToInstruction(mint.publicKey, ata, wallet.publicKey, TEST_TOKEN_SUPPLY),
  )
  tx.sign(wallet, mint)
  const outcome = cluster.send(tx.serialize())
  if (outcome.err !== null) throw new Error(`Seeding the Solana cluster failed: ${JSON.stringify(outcome.err)}\n${outcome.logs.join('\n')}`)
  return {
    devWallet: wallet.publicKey.toBase58(),
    devWalletSecretKey: Buffer.from(wallet.secretKey).toString('base64'),
    testTokenMint: mint.publicKey.toBase58(),
    testTokenDecimals: TEST_TOKEN_DECIMALS,
    testTokenSymbol: 'LUSD',
  }
}
