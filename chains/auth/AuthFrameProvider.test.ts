// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AuthFrameProvider } from './AuthFrameProvider.js'
import { FrameChannel } from './FrameChannel.js'

const SECURE_SITE = 'https://secure.example'

/**
 * Stands in for the secure site's window inside the frame: happy-dom loads no cross-origin page
 * (the browser tests run the real secure site). It records what the kit posts to it.
 */
const secureSite = { posted: [] as Array<{ type: string; id: string; payload?: unknown }>, postMessage(message: { type: string; id: string }) { this.posted.push(message) } }
let channel: FrameChannel
let provider: AuthFrameProvider

beforeEach(async () => {
  secureSite.posted.length = 0
  channel = new FrameChannel({
    secureSiteUrl: `${SECURE_SITE}/frame`,
    projectId: 'p',
    version: 'test',
    timing: { readyDelayMs: 0 },
    mount: (frame) => void Object.defineProperty(frame, 'contentWindow', { value: secureSite }),
  })
  provider = new AuthFrameProvider(channel, {}, { chainId: 1 })
  window.dispatchEvent(new MessageEvent('message', { data: { type: '@w3m-frame/READY' }, origin: SECURE_SITE, source: secureSite as unknown as Window }))
  await expect.poll(() => channel.status, { timeout: 5_000 }).toBe('ready')
})

afterEach(() => channel.dispose())

describe('wallet_switchEthereumChain on the embedded wallet', () => {
  it('asks the frame to switch for EIP-3326 params, and tells the host the new chain', async () => {
    const changed: unknown[] = []
    provider.on('chainChanged', (chainId) => changed.push(chainId))
    const switching = provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    await expect.poll(() => secureSite.posted.length, { timeout: 5_000 }).toBe(1)
    const [request] = secureSite.posted
    expect(request).toMatchObject({ type: '@w3m-app/SWITCH_NETWORK', payload: { chainId: 31337 } })
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@w3m-frame/SWITCH_NETWORK_SUCCESS', id: request!.id, payload: { chainId: 31337 } }, origin: SECURE_SITE, source: secureSite as unknown as Window }))
    await expect(switching).resolves.toBeNull()
    expect(changed).toEqual(['0x7a69'])
  })

  it.each([
    ['no params', undefined],
    ['an empty list', []],
    ['no chainId', [{}]],
    ['a number', [{ chainId: 31337 }]],
    ['not hex', [{ chainId: 'mainnet' }]],
    ['a bare string', ['0x1']],
    ['zero', [{ chainId: '0x0' }]],
    ['beyond a safe integer', [{ chainId: '0xffffffffffffffffff' }]],
  ])('answers EIP-1193 invalid params (-32602) for %s, and posts nothing', async (_, params) => {
    await expect(provider.request({ method: 'wallet_switchEthereumChain', params })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Invalid params') })
    expect(secureSite.posted).toEqual([])
  })
})
