// What the page knows of the Solana test wallet without loading web3.js (solanaTestWallet.ts).
export const SOLANA_TEST_WALLET_NAME = 'Latch Test Solana Wallet'
/** SOL the local cluster airdrops to a new test wallet. */
export const SOLANA_TEST_WALLET_AIRDROP_SOL = 10
/**
 * Where the wallet's key is kept, so a reload keeps the same wallet and its session: a
 * throwaway key on the local cluster, never a real one.
 */
export const SOLANA_TEST_WALLET_KEY_ITEM = 'latch-demo:solana-test-wallet'

/** Whether the visitor added the test wallet on an earlier visit. */
export const hasSavedSolanaTestWallet = (): boolean => localStorage.getItem(SOLANA_TEST_WALLET_KEY_ITEM) !== null
