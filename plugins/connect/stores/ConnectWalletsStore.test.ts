import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KitConnector } from '../../../chains/connectors/KitConnector.js'
import { createServer, type LatchServer } from '../../../server/createServer.js'
import { createHttpClient, type HttpClient } from '../../../ui-shell/services/createHttpClient.js'
import type { ConnectMethod } from '../../../ui-shell/plugin.js'
import type { WalletListing, WalletPage } from '../catalog/WalletListing.js'
import { ConnectWalletsStore, type ConnectWalletsDeps } from './ConnectWalletsStore.js'

// The reference catalogue service over HTTP, as the kit reaches it.
let server: LatchServer
let api: HttpClient
let firstPage: WalletListing[]
let count: number
beforeAll(async () => {
  server = await createServer({ rateLimit: false })
  api = createHttpClient({ baseUrl: await server.listen(0, '127.0.0.1'), projectId: 'latch-dev' })
  ;({ data: firstPage, count } = await api.get<WalletPage>('/getWallets', { query: { page: 1, entries: 12 } }))
})
afterAll(() => server?.close())

const walletConnect: KitConnector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
const announced = (name: string): KitConnector => ({ id: `test.${name}`, name, type: 'ANNOUNCED', chain: 'eip155' })

const store = (deps: Partial<ConnectWalletsDeps> = {}) =>
  new ConnectWalletsStore({
    connectors: () => [walletConnect],
    recent: () => [],
    fetchWallets: (query, signal) => api.get<WalletPage>('/getWallets', { query: { ...query }, signal }),
    isMobile: () => false,
    ...deps,
  })

describe('given the catalogue service', () => {
  it('recommends four catalogue wallets, none of them detected, and counts the catalogue', async () => {
    const detected = announced(firstPage[0]!.name)
    const wallets = store({ connectors: () => [walletConnect, detected] })
    await wallets.load()
    const sections = wallets.items.map((item) => item.section)
    expect(sections).toEqual(['walletConnect', 'injected', 'recommended', 'recommended', 'recommended', 'recommended'])
    const recommended = wallets.items.flatMap((item) => (item.section === 'recommended' ? [item.wallet.id] : []))
    expect(recommended).toEqual(firstPage.slice(1, 5).map((w) => w.id))
    expect(wallets.catalogueCount).toBe(count)
    // The reference catalogue holds the data file's 300 wallets.
    expect([count, wallets.catalogueCountLabel]).toEqual([300, '300+'])
    expect(wallets.hasInstalledWallet).toBe(true)
  })

  it('hides excluded wallets, shows featured ones in the host order before custom and recommended', async () => {
    const [a, b, d] = [firstPage[1]!, firstPage[6]!, firstPage[7]!]
    const custom: WalletListing = { id: 'host-wallet', name: 'Host Wallet', webapp_link: 'https://wallet.host.example' }
    const wallets = store({ featuredIds: [b.id, a.id, d.id], excludedIds: [d.id, firstPage[0]!.id], custom: [custom] })
    await wallets.load()
    const rows = wallets.items.map((item) => `${item.section}:${'wallet' in item ? item.wallet.id : item.connector.id}`)
    expect(rows.slice(0, 4)).toEqual(['walletConnect:walletConnect', `featured:${b.id}`, `featured:${a.id}`, 'custom:host-wallet'])
    expect(rows.filter((row) => row.startsWith('recommended:'))).toHaveLength(4)
    expect(rows.some((row) => row.endsWith(d.id) || row.endsWith(firstPage[0]!.id))).toBe(false)
    // A featured wallet is not repeated among the recommended ones.
    expect(rows.filter((row) => row.endsWith(a.id))).toEqual([`featured:${a.id}`])
  })

  it('lists at most two recent catalogue wallets; a recent connector keeps its own row only', async () => {
    const ledger: KitConnector = { id: 'ledger', name: 'Ledger', type: 'EXTERNAL', chain: 'eip155' }
    const wallets = store({
      connectors: () => [walletConnect, ledger],
      recent: () => [
        { id: 'walletConnect', name: 'WalletConnect' },
        { id: 'ledger', name: 'Ledger' },
        { id: firstPage[2]!.id, name: firstPage[2]!.name },
        { id: firstPage[3]!.id, name: firstPage[3]!.name },
        { id: firstPage[4]!.id, name: firstPage[4]!.name },
      ],
    })
    await wallets.load()
    const recent = wallets.items.filter((item) => item.section === 'recent')
    expect(recent.map((item) => wallets.nameOf(item))).toEqual([firstPage[2]!.name, firstPage[3]!.name])
    // Each is the catalogue's listing, image and links included, though only id and name were kept.
    expect(recent.map((item) => ('wallet' in item ? item.wallet : undefined))).toEqual([firstPage[2], firstPage[3]])
    for (const name of ['WalletConnect', 'Ledger']) expect(wallets.items.filter((item) => wallets.nameOf(item) === name)).toHaveLength(1)
    // Recent catalogue wallets are not recommended again.
    expect(wallets.items.filter((item) => item.section === 'recommended').map((item) => wallets.nameOf(item))).not.toContain(firstPage[2]!.name)
    expect(wallets.connectorFor(recent[0]!)).toBeUndefined()
  })
})

describe('without a catalogue', () => {
  it('lists the connectors alone and counts nothing', async () => {
    const wallets = store({ fetchWallets: undefined, connectors: () => [walletConnect, announced('Test Wallet')] })
    await wallets.load()
    expect(wallets.items.map((item) => item.key)).toEqual(['wc:walletConnect', 'injected:eip155:test.Test Wallet'])
    expect(wallets.catalogueCount).toBe(0)
    expect(wallets.catalogueCountLabel).toBeUndefined()
  })
})

describe('row images', () => {
  it("shows a connector's data:image icon, drops a javascript: one, and takes a catalogue wallet's from the catalogue", async () => {
    const icon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'
    const good: KitConnector = { ...announced('Good'), info: { icon } }
    const bad: KitConnector = { ...announced('Bad'), info: { icon: 'javascript:alert(1)' } }
    const wallets = store({ connectors: () => [good, bad], walletImageUrl: (wallet) => api.url(`/getWalletImage/${wallet.image_id}`) })
    await wallets.load()
    const images = wallets.items.map((item) => [wallets.nameOf(item), wallets.imageOf(item)])
    expect(images[0]).toEqual(['Good', icon])
    expect(images[1]).toEqual(['Bad', undefined])
    expect(images[2]![1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/getWalletImage\//)
  })

  it("27: shows a connector without an icon the catalogue's image for its image id (WalletConnect's logo)", async () => {
    const wallets = store({
      fetchWallets: undefined,
      connectors: () => [{ ...walletConnect, imageId: 'ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400' }, announced('Plain')],
      assetImageUrl: (imageId) => `https://api.example/public/getAssetImage/${imageId}`,
    })
    await wallets.load()
    expect(wallets.items.map((item) => wallets.imageOf(item))).toEqual(['https://api.example/public/getAssetImage/ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400', undefined])
  })
})

describe('connect methods (SPEC §2)', () => {
  const section = () => null
  const method = (id: string, hasInstalledWallet?: () => boolean): ConnectMethod => ({ id, component: section, hasInstalledWallet })

  it('orders the methods plugins added: wallet first once a wallet is installed, else email, social, wallet', () => {
    const methods = (connectors: KitConnector[]) => {
      const wallets: ConnectWalletsStore = store({
        connectors: () => connectors,
        connectMethods: () => [method('social'), method('wallet', () => wallets.hasInstalledWallet), method('email')],
      })
      return wallets.methods.map((m) => m.id)
    }
    expect(methods([walletConnect])).toEqual(['email', 'social', 'wallet'])
    expect(methods([walletConnect, announced('Test Wallet')])).toEqual(['wallet', 'email', 'social'])
  })

  it("keeps the host's order and lists only the methods present", () => {
    const wallets = store({ connectMethods: () => [method('wallet'), method('social')], methodsOrder: ['social', 'wallet', 'email'] })
    expect(wallets.methods.map((m) => m.id)).toEqual(['social', 'wallet'])
    expect(store().methods).toEqual([])
  })
})
