import { describe, expect, it } from 'vitest'
import { visibleNfts } from './fetchNfts.js'

describe('given an NFT answer', () => {
  it('keeps well-formed NFTs that are not spam, with a fallback name and no image when absent', () => {
    const data = [
      { id: 'c:0', name: 'Latch Lanterns #0', image: 'http://127.0.0.1/i', flags: { is_spam: false } },
      { id: 's:0', name: 'Claim Your Reward #0', flags: { is_spam: true } },
      { id: 'c:1' },
      { name: 'no id' },
      null,
    ]
    expect(visibleNfts(data)).toEqual([
      { key: 'c:0', name: 'Latch Lanterns #0', image: 'http://127.0.0.1/i' },
      { key: 'c:1', name: 'NFT', image: undefined },
    ])
    expect(visibleNfts({ not: 'a list' })).toEqual([])
  })
})
