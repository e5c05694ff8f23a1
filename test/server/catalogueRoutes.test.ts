import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type LatchServer } from '../../server/createServer.js'
import { APPKIT_ASSET_IMAGE_IDS } from '../../server/catalogue/appkitAssetImageIds.js'
import { call } from './support.js'
import { loadArtwork } from '../../server/catalogue/artwork/loadArtwork.js'
import { SUPPORTED_NETWORKS } from '../../chains/networks/supportedNetworks.js'
import { BITCOIN_NETWORK, POLKADOT_NETWORK, localEvmNetwork, localSolanaNetwork } from '../../chains/networks/localNetworks.js'
import { SOCIAL_PROVIDERS } from '../../plugins/socials/socialProviders.js'

let server: LatchServer
let backend: { url: string }
const q = 'projectId=latch-dev'

beforeAll(async () => {
  server = await createServer()
  backend = { url: await server.listen(0) }
})
afterAll(() => server?.close())

describe('given the wallet catalogue', () => {
  it('pages 300 wallets 40 at a time, best known first', async () => {
    const first = await call(backend, `/getWallets?${q}`)
    expect(first.body.count).toBe(300)
    expect(first.body.data).toHaveLength(40)
    expect(first.body.data.slice(0, 3).map((wallet: { name: string }) => wallet.name)).toEqual(['MetaMask', 'Trust Wallet', 'Coinbase Wallet'])
    const last = await call(backend, `/getWallets?${q}&page=8&entries=40`)
    expect(last.body.data).toHaveLength(20)
    const beyond = await call(backend, `/getWallets?${q}&page=9&entries=40`)
    expect(beyond.body).toEqual({ count: 300, data: [] })
  })

  it('keeps the real names, rdns and link schemes of the best-known wallets', async () => {
    const { body } = await call(backend, `/getWallets?${q}&search=phantom`)
    expect(body.data[0]).toMatchObject({ name: 'Phantom', rdns: 'app.phantom', mobile_link: 'phantom://' })
  })

  it('searches case-insensitively, names starting with the term first', async () => {
    const { body } = await call(backend, `/getWallets?${q}&search=WALLET&entries=100`)
    expect(body.count).toBeGreaterThan(20)
    expect(body.data.every((wallet: { name: string }) => wallet.name.toLowerCase().includes('wallet'))).toBe(true)
    const starts = body.data.map((wallet: { name: string }) => wallet.name.toLowerCase().startsWith('wallet'))
    expect(starts.indexOf(false) === -1 || !starts.slice(starts.indexOf(false)).includes(true)).toBe(true)
  })

  it('includes only and excludes the given ids', async () => {
    const all = (await call(backend, `/getWallets?${q}&entries=5`)).body.data.map((wallet: { id: string }) => wallet.id)
    const included = await call(backend, `/getWallets?${q}&include=${all[1]},${all[3]}`)
    expect(included.body.data.map((wallet: { id: string }) => wallet.id)).toEqual([all[1], all[3]])
    const repeated = await call(backend, `/getWallets?${q}&include=${all[1]}&include=${all[3]}`)
    expect(repeated.body.data.map((wallet: { id: string }) => wallet.id)).toEqual([all[1], all[3]])
    const excluded = await call(backend, `/getWallets?${q}&entries=3&exclude=${all[0]},${all[2]}`)
    expect(excluded.body.count).toBe(298)
    expect(excluded.body.data.map((wallet: { id: string }) => wallet.id)).toEqual([all[1], all[3], all[4]])
  })

  it('filters by chains and by badge', async () => {
    const solana = await call(backend, `/getWallets?${q}&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=100`)
    expect(solana.body.data.every((wallet: { chains: string[] }) => wallet.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    expect(solana.body.data.map((wallet: { name: string }) => wallet.name)).toContain('Phantom')
    expect(solana.body.data.map((wallet: { name: string }) => wallet.name)).not.toContain('MetaMask')
    const certified = await call(backend, `/getWallets?${q}&badge_type=certified&entries=100`)
    expect(certified.body.data.every((wallet: { badge_type: string }) => wallet.badge_type === 'certified')).toBe(true)
  })

  it('names the field of a bad query', async () => {
    expect(await call(backend, `/getWallets?${q}&entries=0`)).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: 'querystring/entries must be >= 1' } })
    expect(await call(backend, '/getWallets')).toMatchObject({ status: 400, body: { message: "querystring must have required property 'projectId'" } })
  })

  it('serves 5,000 wallets at catalogue scale 5000', async () => {
    const big = await createServer({ catalogueScale: 5000 })
    const url = await big.listen(0)
    try {
      expect((await call({ url }, `/getWallets?${q}&entries=1`)).body.count).toBe(5000)
    } finally {
      await big.close()
    }
  })
})

describe('given a page asked for again', () => {
  it('16: answers 304 to its ETag, and a new ETag and body once the catalogue changes', async () => {
    const path = `/getWallets?${q}&entries=2&search=meta`
    const first = await fetch(`${backend.url}${path}`)
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(etag).toMatch(/^"[-_a-zA-Z0-9]+"$/)
    const again = await fetch(`${backend.url}${path}`, { headers: { 'if-none-match': `W/"other", ${etag}` } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    const before = server.catalogue.wallets
    try {
      server.catalogue.replace(before.map((wallet) => (wallet.name === 'MetaMask' ? { ...wallet, name: 'MetaMask Flask' } : wallet)))
      const changed = await fetch(`${backend.url}${path}`, { headers: { 'if-none-match': etag } })
      expect(changed.status).toBe(200)
      expect(changed.headers.get('etag')).not.toBe(etag)
      expect((await changed.json()).data[0].name).toBe('MetaMask Flask')
    } finally {
      server.catalogue.replace(before)
    }
    expect((await call(backend, path)).body.data[0].name).toBe('MetaMask')
  })
})

describe('given the image routes', () => {
  it('serves each wallet icon as a cacheable SVG and answers 304 to a matching ETag', async () => {
    const wallet = (await call(backend, `/getWallets?${q}&entries=1`)).body.data[0]
    const image = await fetch(`${backend.url}/getWalletImage/${wallet.image_id}?${q}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(image.headers.get('cache-control')).toContain('max-age=86400')
    const again = await fetch(`${backend.url}/getWalletImage/${wallet.image_id}`, { headers: { 'if-none-match': image.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('27: shows a known wallet its brand artwork, and draws initials only for the others', async () => {
    const iconOf = async (search: string) => {
      const wallet = (await call(backend, `/getWallets?${q}&search=${encodeURIComponent(search)}&entries=1`)).body.data[0]
      return (await fetch(`${backend.url}/getWalletImage/${wallet.image_id}`)).text()
    }
    const metamask = await iconOf('MetaMask')
    expect(metamask).toContain('class="web3icons"')
    expect(metamask).toContain('#FF5C16') // MetaMask's orange fox
    expect(metamask).not.toContain('</text>')
    expect(await iconOf('Juniper Hub 51')).toMatch(/^<svg[^>]*>.*>JH<\/text><\/svg>$/)
  })

  it('16: draws an image for every network and connector image id AppKit 1.7.10 ships', async () => {
    for (const id of Object.keys(APPKIT_ASSET_IMAGE_IDS)) {
      const response = await fetch(`${backend.url}/public/getAssetImage/${id}?${q}&st=appkit`)
      expect(response.status, id).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
      expect(await response.text()).toMatch(/^<svg[^>]*>[\s\S]*<\/svg>\s*$/)
    }
    const ethereum = await fetch(`${backend.url}/public/getAssetImage/ba0ba0cd-17c6-4806-ad93-f9d174f17900`)
    expect(await ethereum.text()).toContain('class="web3icons"')
    // Injected has no brand: it keeps its drawn tile.
    const injected = await fetch(`${backend.url}/public/getAssetImage/07ba87ed-43aa-4adf-4540-9e6a2b9cae00`)
    expect(await injected.text()).toContain('>BW</text>')
  })

  it('27: has a brand image for each of the 27 networks the kit names, a coin for each local chain and a mark per social provider', async () => {
    const ids = [...SUPPORTED_NETWORKS, POLKADOT_NETWORK, BITCOIN_NETWORK].map((network) => network.assets!.imageId!)
    expect(ids).toHaveLength(29)
    for (const id of ids) expect(await (await fetch(`${backend.url}/public/getAssetImage/${id}`)).text(), id).toContain('class="web3icons"')
    const local = [localEvmNetwork(31337, 'http://x'), localEvmNetwork(31338, 'http://x'), localSolanaNetwork('http://x', 'a'.repeat(44))]
    const coins = await Promise.all(local.map(async (network) => (await fetch(`${backend.url}/public/getAssetImage/${network.assets!.imageId!}`)).text()))
    expect(new Set(coins).size).toBe(3)
    for (const provider of SOCIAL_PROVIDERS) {
      const mark = await fetch(`${backend.url}/public/getAssetImage/social-${provider}`)
      expect(mark.status, provider).toBe(200)
      expect(await mark.text()).toMatch(/^<svg[^>]*><title>[^<]+<\/title><rect [^>]*fill="#[0-9A-F]{6}"\/><path [^>]*\/><\/svg>$/)
    }
  })

  it('27: serves no artwork that could run script when opened on its own', async () => {
    const artwork = await loadArtwork()
    const sources = [...artwork.assets.values(), ...artwork.tokens.values(), ...artwork.wallets.values()]
    expect(sources.length).toBeGreaterThan(80)
    for (const svg of sources) {
      expect(svg).toMatch(/^<svg /)
      expect(svg).not.toMatch(/<script|<foreignObject|\son[a-z]+\s*=|javascript:|xlink:href="http|href="http/i)
    }
  })

  it('serves the token, currency and network files and 404s unknown ids', async () => {
    for (const path of ['/public/getTokenImage/USDC', '/public/getCurrencyImage/EUR', '/public/getAssetImage/latch-local']) {
      const response = await fetch(`${backend.url}${path}`)
      expect(response.headers.get('content-type')).toBe('image/svg+xml')
    }
    expect((await call(backend, '/public/getTokenImage/NOPE')).body).toEqual({ code: 'IMAGE_NOT_FOUND', message: 'Image not found' })
    expect((await call(backend, '/getWalletImage/..%2F..%2Fetc%2Fpasswd')).status).toBe(400)
  })
})

describe('given the project registry', () => {
  it('answers the dev project configuration and origins', async () => {
    expect((await call(backend, `/appkit/v1/config?${q}`)).body.features).toMatchObject({ swaps: true, onramp: true })
    expect((await call(backend, `/projects/v1/origins?${q}`)).body).toEqual({
      allowedOrigins: ['http://127.0.0.1', 'http://127.0.0.1:*', 'http://localhost', 'http://localhost:*'],
    })
  })

  it('16: answers AppKit (st=appkit) in the hosted list shape, the only one it reads', async () => {
    const { body } = await call(backend, `/appkit/v1/config?${q}&st=appkit&sv=react-wagmi-1.7.10`)
    expect(body).toEqual({
      features: [
        { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
        { id: 'swap', isEnabled: true, config: ['1inch'] },
        { id: 'onramp', isEnabled: true, config: ['coinbase'] },
        { id: 'activity', isEnabled: true, config: [] },
        { id: 'reown_branding', isEnabled: true, config: [] },
      ],
    })
  })

  it('takes the Invalid Project ID path for an unknown id', async () => {
    expect(await call(backend, '/appkit/v1/config?projectId=nope')).toMatchObject({ status: 403, body: { code: 'INVALID_PROJECT_ID', message: 'Invalid Project ID' } })
  })

  it('gives analytics 403 for an origin off the allow-list, and stores events from allowed ones', async () => {
    const foreign = { origin: 'https://evil.example' }
    expect((await call(backend, `/getAnalyticsConfig?${q}`, { headers: foreign })).status).toBe(403)
    expect((await call(backend, `/getAnalyticsConfig?${q}`, { headers: { origin: 'http://localhost:5173' } })).body).toEqual({ isAnalyticsEnabled: true })
    const event = { eventId: 'e-1', url: 'http://localhost/', domain: 'localhost', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
    expect((await call(backend, `/e?${q}`, { body: event, headers: foreign })).status).toBe(403)
    expect((await call(backend, `/e?${q}`, { body: event, headers: { origin: 'http://127.0.0.1:4000' } })).status).toBe(202)
    const stored = await server.app.storage.db.selectFrom('events').select(['project_id', 'event_id']).execute()
    expect(stored).toEqual([{ project_id: 'latch-dev', event_id: 'e-1' }])
  })

  it('16: stores an event as AppKit posts it: JSON with no content type, its address in props', async () => {
    const event = { eventId: 'e-appkit', url: 'http://127.0.0.1:4000/', domain: '127.0.0.1', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', properties: { connected: true } } }
    const post = (body: string) => fetch(`${backend.url}/e?${q}&st=appkit`, { method: 'POST', body, headers: { origin: 'http://127.0.0.1:4000' } })
    const stored = await post(JSON.stringify(event))
    expect(stored.status).toBe(202)
    expect(stored.headers.get('content-type')).toContain('application/json')
    expect(await server.app.storage.db.selectFrom('events').select('body').where('event_id', '=', 'e-appkit').executeTakeFirst()).toEqual({ body: JSON.stringify(event) })
    const broken = await post('{"eventId":')
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ code: 'INVALID_REQUEST', message: 'body is not valid JSON' })
  })

  it('S5: stores only the SPEC fields: extra properties get 400, bodies over 32 KB get 413', async () => {
    const origin = { origin: 'http://localhost:5173' }
    const count = async () => (await server.app.storage.db.selectFrom('events').select('event_id').execute()).length
    const before = await count()
    const event = { eventId: 'e-s5', url: 'http://localhost/', domain: 'localhost', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }
    expect(await call(backend, `/e?${q}`, { body: { ...event, extra: 'x' }, headers: origin })).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST', message: 'body must NOT have additional properties' } })
    expect(await call(backend, `/e?${q}`, { body: { ...event, props: { ...event.props, junk: 1 } }, headers: origin })).toMatchObject({ status: 400, body: { message: 'body/props must NOT have additional properties' } })
    expect((await call(backend, `/e?${q}`, { body: { ...event, props: { ...event.props, errorMessage: 'x'.repeat(900_000) } }, headers: origin })).status).toBe(413)
    expect(await count()).toBe(before)
    // What the kit's track(event, properties) sends is still stored.
    expect((await call(backend, `/e?${q}`, { body: { ...event, props: { ...event.props, properties: { walletRank: 1 } } }, headers: origin })).status).toBe(202)
    expect(await count()).toBe(before + 1)
  })

  it('answers CORS preflights for any origin', async () => {
    const response = await fetch(`${backend.url}/getWallets`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-headers': 'content-type' } })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })
})

describe('given a rate limit of 5 requests a minute', () => {
  it('answers 429 RATE_LIMITED past the limit', async () => {
    const limited = await createServer({ rateLimit: { max: 5, windowMs: 60_000 } })
    const url = await limited.listen(0)
    try {
      const statuses = []
      for (let i = 0; i < 7; i++) statuses.push((await call({ url }, `/getWallets?${q}&entries=1`)).status)
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
      expect((await call({ url }, `/getWallets?${q}`)).body).toEqual({ code: 'RATE_LIMITED', message: 'Rate limited' })
    } finally {
      await limited.close()
    }
  })
})
