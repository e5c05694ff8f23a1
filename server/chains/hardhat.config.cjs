// Hardhat 2 reads the chain id only from its config: each local chain sets LATCH_CHAIN_ID.
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.LATCH_CHAIN_ID || 31337),
      // The well-known dev mnemonic, so every common tool can fund itself.
      accounts: { mnemonic: 'test test test test test test test test test test test junk', count: 10 },
      mining: { auto: true },
      hardfork: 'cancun',
    },
  },
}
