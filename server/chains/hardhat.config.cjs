// Hardhat 2 reads the chain id only from its config: each local chain sets LATCH_CHAIN_ID.
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.LATCH_CHAIN_ID || 31337),
      // The well-known dev mnemonic, so every common tool can fund itself.
      accounts: { mnemonic: 'test test test test test test test test test test test junk', count: 10 },
      mining: { auto: true },
      // Prague: what the ERC-4337 v0.8 EntryPoint is built for (STACK.md).
      hardfork: 'prague',
    },
  },
}
