import { mnemonicToAccount } from 'viem/accounts'

/**
 * The secure site's own ERC-4337 bundler key: it submits users' UserOperations with
 * `EntryPoint.handleOps` and pays the gas. An index of the public dev mnemonic that no test and no
 * other service uses, so its nonces never race theirs; funded when the chains are deployed.
 */
export const bundlerAccount = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 40 })
export const BUNDLER_ADDRESS = bundlerAccount.address
