import { describe, expect, it } from 'vitest'
import { describeActivity } from './describeActivity.js'
import type { HistoryEntry } from './fetchHistoryPage.js'

const ME = '0x1111111111111111111111111111111111111111'
const FRIEND = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

const entry = (over: Partial<HistoryEntry['metadata']>, transfer: HistoryEntry['transfers'][number]): HistoryEntry => ({
  id: '0xabc',
  metadata: { operationType: 'send', hash: '0xabc', minedAt: '2026-11-26T14:05:00.000Z', sentFrom: ME, sentTo: TOKEN, status: 'confirmed', chain: 'eip155:31337', ...over },
  transfers: [transfer],
})

describe('an Activity row', () => {
  it("names a token send's recipient, not the token contract the transaction went to, and signs the amount", () => {
    const row = describeActivity(entry({}, { fungible_info: { symbol: 'LUSD' }, direction: 'out', quantity: { numeric: '10' }, sender: ME, recipient: FRIEND }))
    expect(row).toMatchObject({ title: 'activity.type.send', counterparty: { key: 'activity.to', address: '0x90f7…b906' }, amount: '-10.00 LUSD', status: 'confirmed', direction: 'out' })
    expect(row.date).toBe(new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date('2026-11-26T14:05:00.000Z')))
  })

  it('names the sender of what came in, and falls back to the transaction when the transfer does not say', () => {
    const received = describeActivity(entry({ operationType: 'receive', sentFrom: FRIEND, sentTo: ME }, { fungible_info: { symbol: 'ETH' }, direction: 'in', quantity: { numeric: '0.25' } }))
    expect(received).toMatchObject({ title: 'activity.type.receive', counterparty: { key: 'activity.from', address: '0x90f7…b906' }, amount: '+0.25 ETH' })
  })

  it("says an on-ramp purchase was bought, in the provider's status words, and never invents a date", () => {
    const bought = describeActivity(
      entry({ operationType: 'buy', status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', minedAt: 'not a date' }, { fungible_info: { symbol: 'USDC' }, direction: 'in', quantity: { numeric: '7' } }),
    )
    expect(bought).toMatchObject({ title: 'activity.type.buy', status: 'pending', date: undefined, amount: '+7.00 USDC' })
  })

  it('keeps an unknown operation readable and an unknown status unshown', () => {
    const odd = describeActivity(entry({ operationType: 'bridge', status: 'weird' }, { fungible_info: { symbol: 'ETH' }, direction: 'self', quantity: { numeric: '1' } }))
    expect(odd).toMatchObject({ title: 'Bridge', status: undefined, counterparty: undefined, amount: '1.00 ETH' })
  })

  it("names an NFT that came in rather than counting it, with the NFT's image", () => {
    const nft = describeActivity(
      entry(
        { operationType: 'receive', sentFrom: FRIEND, sentTo: ME },
        { nft_info: { name: 'Latch Lanterns #1', content: { preview: { url: 'http://127.0.0.1/public/getAssetImage/latch-lantern-1' } } }, direction: 'in', quantity: { numeric: '1' }, sender: FRIEND, recipient: ME },
      ),
    )
    expect(nft).toMatchObject({ title: 'activity.type.receive', counterparty: { key: 'activity.from', address: '0x90f7…b906' }, amount: 'Latch Lanterns #1', image: 'http://127.0.0.1/public/getAssetImage/latch-lantern-1' })
  })
})
