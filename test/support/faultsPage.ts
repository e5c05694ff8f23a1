import { appendFileSync, mkdirSync } from 'node:fs'
import type { BrowserContext, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { createTestEip1193Wallet, type TestEip1193Wallet } from './wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from './wallets/exposeTestEip1193Wallet.js'

/** Sized for a slow 2-core machine shared with other suites. */
export const WAIT = { timeout: 20_000 }
export const WALLET_INFO = { uuid: '7d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b', name: 'Fault Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.faultwallet' }
export const OWNER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 3 })

/** The same URL with another origin: a node's secret path survives the faulty port in front of it. */
export const behind = (portUrl: string, url: string) => {
  const { pathname, search } = new URL(url)
  return `${portUrl}${pathname}${search}`
}

export interface FaultsPage {
  page: Page
  /** Uncaught errors and unhandled rejections the page reported. */
  errors: string[]
}

/**
 * Opens the faults test page (test/browser/fixtures/faultsPage.ts) with a test wallet whose
 * chain RPC is `walletRpc` (reached from Node, never through the backend), and collects every
 * uncaught error and unhandled rejection of the page.
 */
export async function openFaultsPage(
  context: BrowserContext,
  siteUrl: string,
  config: { apiUrl?: string; rpcUrls: string[]; customRpcUrls?: Record<string, string[]>; secondRpcUrl?: string; connectButton?: boolean },
  options: { wallet?: TestEip1193Wallet; walletRpc?: string; beforeLoad?: (page: Page) => Promise<unknown> } = {},
): Promise<FaultsPage & { wallet: TestEip1193Wallet }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  await page.exposeFunction('__latchReportRejection', (message: string) => errors.push(`unhandledrejection: ${message}`))
  await page.addInitScript(() =>
    window.addEventListener('unhandledrejection', (event) =>
      (window as unknown as { __latchReportRejection(m: string): void }).__latchReportRejection(String((event.reason as Error)?.message ?? event.reason)),
    ),
  )
  const wallet = options.wallet ?? createTestEip1193Wallet({ account: OWNER, chains: { 31337: options.walletRpc ?? config.rpcUrls[0]! } })
  await exposeTestEip1193Wallet(page, wallet, WALLET_INFO)
  await page.addInitScript((c) => Object.assign(window, { __latchFaultsConfig: c }), config)
  await options.beforeLoad?.(page)
  await page.goto(siteUrl)
  await page.waitForFunction(() => (window as any).__latch !== undefined, undefined, WAIT)
  await page.evaluate(() => (window as any).__latch.ready)
  return { page, errors, wallet }
}

export const dialog = (page: Page) => page.getByRole('dialog')

/** Connects the test wallet through the modal, as a visitor does; resolves once connected. */
export async function connectThroughModal(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor(WAIT)
  await dialog(page).getByRole('button', { name: /Fault Test Wallet/ }).click(WAIT)
  await page.waitForFunction(() => (window as any).__latch.state().status === 'connected', undefined, WAIT)
  await dialog(page).waitFor({ state: 'hidden', ...WAIT })
}

/** Opens Account and returns once it shows. */
export async function openAccount(page: Page): Promise<void> {
  await page.evaluate(() => (window as any).__latch.open())
  await page.getByRole('dialog', { name: 'Account' }).waitFor(WAIT)
}

export async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await dialog(page).waitFor({ state: 'hidden', ...WAIT })
}

/** One line of `npm run bench:faults`: what held in a case, with its figures. */
export interface FaultFigure {
  case: string
  /** The test that measured it (filled in). */
  test?: string
  held: boolean
  recoveryMs?: number
  messagesLost?: number
  heapRatio?: number
  note?: string
}

export const FAULT_FIGURES = 'test-results/faults.jsonl'

/** Appends a case's figures for bench/faults.ts; a test records only what it asserted. */
export function recordFaultFigure(figure: FaultFigure): void {
  mkdirSync('test-results', { recursive: true })
  appendFileSync(FAULT_FIGURES, `${JSON.stringify({ ...figure, test: expect.getState().currentTestName })}\n`)
}
