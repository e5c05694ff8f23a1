import { defineChain, type Chain } from 'viem'

/** The two local EVM chains: different ids so network switching is real. */
export const LOCAL_EVM_CHAINS: Chain[] = [
  defineChain({
    id: 31337,
    name: 'Latch Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }),
  defineChain({
    id: 31338,
    name: 'Latch Local 2',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
  }),
]
