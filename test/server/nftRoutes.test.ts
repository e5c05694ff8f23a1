import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAbi } from 'viem'
import { startBackend, type RunningBackend } from '../../server/startBackend.js'
import { call, evmClients } from './support.js'
import { testDatabaseUrl } from '../support/testDatabase.js'

let backend: RunningBackend
const q = 'projectId=latch-dev'

beforeAll(async () => {
  backend = await startBackend({ dev: true, databaseUrl: await testDatabaseUrl() })
})
afterAll(() => backend?.close())

const nftsOf = async (address: string, chainId = 'eip155:31338') =>
  (await call(backend, `/v1/account/${address}/nfts?${q}&chainId=${chainId}`)).body.data as Array<{ id: string; name: string; image: string; flags: { is_spam: boolean } }>

describe('given the dev account holding the Latch Lanterns', () => {
  it('lists the three Lanterns it holds with names and a lantern picture this backend serves, and the spam one flagged', async () => {
    const { account } = evmClients(backend, 31338)
    const nfts = await nftsOf(account.address)
    expect(nfts.filter((nft) => !nft.flags.is_spam).map((nft) => nft.name)).toEqual(['Latch Lanterns #0', 'Latch Lanterns #1', 'Latch Lanterns #2'])
    expect(nfts.filter((nft) => nft.flags.is_spam).map((nft) => nft.name)).toEqual(['Claim Your Reward #0'])
    // Issue 27: each Lantern shows a lantern (one of three pictures by token id), the spam one the network's logo.
    expect(nfts.map((nft) => new URL(nft.image).pathname)).toEqual([
      '/public/getAssetImage/latch-lantern-0',
      '/public/getAssetImage/latch-lantern-1',
      '/public/getAssetImage/latch-lantern-2',
      '/public/getAssetImage/latch-local',
    ])
    for (const nft of nfts) {
      expect(nft.image.startsWith(backend.url)).toBe(true)
      const image = await fetch(nft.image)
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
      expect(await image.text()).toMatch(/^<svg /)
    }
  })

  it('reads ownership, not transfers: a Lantern sent away leaves the list and joins the receiver’s', async () => {
    const { account, walletClient, publicClient, deployment } = evmClients(backend, 31338)
    const receiver = evmClients(backend, 31338, 3).account.address
    const hash = await walletClient.writeContract({
      address: deployment.contracts.nft.address,
      abi: parseAbi(['function transferFrom(address from, address to, uint256 tokenId)']),
      functionName: 'transferFrom',
      args: [account.address, receiver, 1n],
    })
    await publicClient.waitForTransactionReceipt({ hash })
    expect((await nftsOf(account.address)).filter((nft) => !nft.flags.is_spam).map((nft) => nft.name)).toEqual(['Latch Lanterns #0', 'Latch Lanterns #2'])
    expect((await nftsOf(receiver)).map((nft) => nft.name)).toEqual(['Latch Lanterns #1'])
  })

  it('answers an unknown chain with an empty list and refuses a Solana address', async () => {
    const { account } = evmClients(backend, 31338)
    expect(await nftsOf(account.address, 'eip155:1')).toEqual([])
    expect((await call(backend, `/v1/account/So11111111111111111111111111111111111111112/nfts?${q}&chainId=eip155:31338`)).status).toBe(400)
  })
})

describe('given the history fault switch', () => {
  it('makes one address’s history answer 500 until cleared, with the admin token only', async () => {
    const { account } = evmClients(backend, 31337)
    const history = () => call(backend, `/v1/account/${account.address}/history?${q}&chainId=eip155:31337`)
    const fault = (failing: boolean, headers: Record<string, string> = { authorization: `Bearer ${backend.adminToken.value}` }) =>
      call(backend, `/dev/history-fault/${account.address}`, { method: 'PUT', body: { failing }, headers })
    expect((await fault(true, {})).status).toBe(401)
    expect((await history()).status).toBe(200)
    expect((await fault(true)).body).toEqual({ failing: true })
    expect((await history()).status).toBe(500)
    expect((await fault(false)).body).toEqual({ failing: false })
    expect((await history()).status).toBe(200)
  })
})
