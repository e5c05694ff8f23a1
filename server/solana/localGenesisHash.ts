import { getBase58Decoder } from '@solana/kit'
import { createHash } from 'node:crypto'

/**
 * The local cluster's genesis hash. litesvm has none, so it is derived from a fixed seed: the
 * same on every run, so the wallet catalogue can list the cluster as it lists hardhat's 31337.
 */
export const LOCAL_GENESIS_HASH = getBase58Decoder().decode(createHash('sha256').update('latch-local-solana').digest())

/** CAIP-2 id of the local cluster: the first 32 characters of its genesis hash, as for the public clusters. */
export const LOCAL_SOLANA_CAIP_ID = `solana:${LOCAL_GENESIS_HASH.slice(0, 32)}`
