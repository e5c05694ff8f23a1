import type { Page } from 'playwright-core'
import type { TestEip1193Wallet } from './createTestEip1193Wallet.js'

export interface Eip6963Info {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/**
 * Puts a Node-side test wallet into a Chromium page: a real EIP-1193 provider in the page
 * whose requests run in Node (viem local account, real chain), announced by EIP-6963 and set
 * as `window.ethereum`. Wallet events reach the page's listeners.
 */
export async function exposeTestEip1193Wallet(page: Page, wallet: TestEip1193Wallet, info: Eip6963Info): Promise<void> {
  await page.exposeFunction('__latchTestWalletRequest', async (method: string, params: unknown) => {
    try {
      return { result: await wallet.request({ method, params }) }
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string }
      return { error: { code: typeof code === 'number' ? code : -32603, message: message ?? 'Internal error' } }
    }
  })
  await page.addInitScript((walletInfo) => {
    const listeners = new Map<string, Set<(data: unknown) => void>>()
    type Bridge = (method: string, params: unknown) => Promise<{ result?: unknown; error?: { code: number; message: string } }>
    const bridge = (window as unknown as { __latchTestWalletRequest: Bridge }).__latchTestWalletRequest
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        const answer = await bridge(method, params)
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
        return answer.result
      },
      on(event: string, listener: (data: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
      },
      removeListener(event: string, listener: (data: unknown) => void) {
        listeners.get(event)?.delete(listener)
      },
    }
    ;(window as unknown as { __latchTestWalletEmit: (event: string, data: unknown) => void }).__latchTestWalletEmit = (event, data) =>
      listeners.get(event)?.forEach((listener) => listener(data))
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: walletInfo, provider }) }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
    ;(window as unknown as { ethereum?: unknown }).ethereum ??= provider
  }, info)
  for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) {
    wallet.on(event, (data: unknown) => {
      void page.evaluate(([name, payload]) => (window as unknown as { __latchTestWalletEmit: (e: string, d: unknown) => void }).__latchTestWalletEmit(name as string, payload), [event, data] as const).catch(() => {})
    })
  }
}
