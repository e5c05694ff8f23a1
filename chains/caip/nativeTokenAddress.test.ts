import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from './ChainNamespace.js'
import { isNativeTokenCaipAddress, NATIVE_TOKEN_ADDRESS, nativeTokenCaipAddress } from './nativeTokenAddress.js'

describe('the native token address of each namespace (SPEC §9)', () => {
  it("has AppKit 1.7.10's value for every namespace the kit knows", () => {
    expect(Object.keys(NATIVE_TOKEN_ADDRESS).sort()).toEqual([...CHAIN_NAMESPACES].sort())
    expect(NATIVE_TOKEN_ADDRESS).toEqual({
      eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      solana: 'So11111111111111111111111111111111111111111',
      polkadot: '0x',
      bip122: '0x',
      cosmos: '0x',
    })
  })

  it("names a network's native coin as a CAIP-10 id, and recognises it", () => {
    expect(nativeTokenCaipAddress('eip155:8453')).toBe('eip155:8453:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
    expect(nativeTokenCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111111')
    expect(nativeTokenCaipAddress('polkadot:91b171bb158e2d3848fa23a9f1c25182')).toBe('polkadot:91b171bb158e2d3848fa23a9f1c25182:0x')
    expect(nativeTokenCaipAddress('bip122:000000000019d6689c085ae165831e93')).toBe('bip122:000000000019d6689c085ae165831e93:0x')

    expect(isNativeTokenCaipAddress('eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe(true)
    expect(isNativeTokenCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111111')).toBe(true)
    // Wrapped SOL is a token, not the native coin; an ERC20 is not either.
    expect(isNativeTokenCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112')).toBe(false)
    expect(isNativeTokenCaipAddress('eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(false)
    for (const odd of ['', 'eip155:1', 'toString:1:0x', 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee:extra']) expect(isNativeTokenCaipAddress(odd), odd).toBe(false)
  })
})
