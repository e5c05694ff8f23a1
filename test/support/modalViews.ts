import type { Locator, Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { expect } from 'vitest'
import { COLLECTOR, COLLECTOR_LANTERNS, ensureCollectorHoldings } from './collectorHoldings.js'
import { approveThisDevice, codeField, logInByEmailOnDemo, walletFrame } from './emailLogin.js'
import { logInBySocialOnDemo } from './socialLogin.js'
import type { DemoStack } from './startDemo.js'
import { createTestEip1193Wallet } from './wallets/createTestEip1193Wallet.js'
import { exposeTestEip1193Wallet } from './wallets/exposeTestEip1193Wallet.js'
import { startWalletKitWallet } from './wallets/startWalletKitWallet.js'

// The modal's views as a catalogue, each opened on the real stack: the demo (createKit with every
// plugin) on the reference backend in dev mode, in Chromium. A view starts from a page in one of
// the states `ViewAccount` names (a visitor on Connect, or a connection with Account open) and
// opens itself from there, waiting for its content, not its loading state.

const WAIT = { timeout: 30_000 }
/** Dev account #7: nothing else in a run spends from it, so its balance (and so Account) stays the same. */
const HOLDER = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 7 })
const WALLET_INFO = { uuid: '0b6f3a52-7c1d-4e8a-9f20-3d4c5b6a7e81', name: 'Latch Test Wallet', icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>', rdns: 'io.latch.testwallet' }

/**
 * Who the page holds when a view opens: nobody (Connect open: `visitor`, or `signIn` on the demo
 * with sign-in with wallet on, its wallet answering), or a connection with Account open: dev
 * account #7 through the injected wallet or a WalletConnect wallet, the collector (#6, with NFTs
 * and a history) through the injected wallet, or an email or social login.
 */
export type ViewAccount = 'visitor' | 'signIn' | 'injected' | 'walletConnect' | 'collector' | 'email' | 'social'

export interface ModalView {
  /** The view's name in file names and messages (the modal's `data-view`, or a step of it). */
  name: string
  account: ViewAccount
  /**
   * From the page's starting state, opens the view and waits for its content. `tag` names this
   * opening among the run's (letters, digits, dots): an email the view types is built from it.
   */
  open(page: Page, stack: DemoStack, tag: string): Promise<void>
  /** Content random in every run (a pairing QR code, a new embedded wallet's address), hidden from screenshots. */
  random?(page: Page): Locator[]
  /**
   * Puts a fixed sample in place of content that changes width from run to run (a date), so that
   * the rest of the layout around it is the same in every capture.
   */
  pin?(page: Page): Promise<void>
}

const dialog = (page: Page) => page.getByRole('dialog')
const titled = (page: Page, name: string) => page.getByRole('dialog', { name }).waitFor(WAIT)
const fromAccount = async (page: Page, action: string, title: string) => {
  await dialog(page).getByRole('button', { name: action, exact: true }).click(WAIT)
  await titled(page, title)
}
const tab = (page: Page, name: string) => dialog(page).getByRole('tab', { name, exact: true }).click(WAIT)
/** The embedded wallet's new address, random in every run. */
const embeddedAddress = (page: Page) => [dialog(page).locator('.identity .address')]

export const MODAL_VIEWS: ModalView[] = [
  {
    name: 'Connect',
    account: 'visitor',
    // Every wallet row and the catalogue's count: the view at its tallest.
    open: (page) => expect.poll(() => dialog(page).getByRole('button', { name: /All Wallets/ }).innerText(), WAIT).toMatch(/All Wallets\s+\d+\+?/),
  },
  {
    name: 'AllWallets',
    account: 'visitor',
    async open(page) {
      await dialog(page).getByRole('button', { name: /All Wallets/ }).click(WAIT)
      await titled(page, 'All Wallets')
      await expect.poll(() => dialog(page).locator('.wallet-scroll button').count(), WAIT).toBeGreaterThan(4)
    },
  },
  {
    name: 'ConnectingExternal',
    account: 'visitor',
    async open(page) {
      await dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
      await titled(page, 'Latch Test Wallet')
      await dialog(page).getByText('Continue in Latch Test Wallet').waitFor(WAIT)
    },
  },
  {
    name: 'ConnectingWalletConnect',
    account: 'visitor',
    async open(page) {
      await dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
      await titled(page, 'WalletConnect')
      await dialog(page).getByRole('img', { name: 'WalletConnect QR code' }).waitFor(WAIT)
    },
    random: (page) => [dialog(page).locator('.qr[role="img"]')],
  },
  {
    name: 'EmailLogin',
    account: 'visitor',
    async open(page, _stack, tag) {
      await dialog(page).getByLabel('Email', { exact: true }).fill(catalogueEmail(tag))
      await dialog(page).getByRole('button', { name: 'Continue with email' }).click(WAIT)
      await dialog(page).getByText('Approve this device').waitFor(WAIT)
    },
  },
  {
    // The one-time code step: the code is typed in the secure site's field (issue 26).
    name: 'EmailLoginCode',
    account: 'visitor',
    async open(page, stack, tag) {
      const email = catalogueEmail(tag)
      await dialog(page).getByLabel('Email', { exact: true }).fill(email)
      await dialog(page).getByRole('button', { name: 'Continue with email' }).click(WAIT)
      await approveThisDevice(page, devBackend(stack), email)
      await codeField(page).getByLabel('Code', { exact: true }).waitFor(WAIT)
    },
  },
  { name: 'Account', account: 'injected', open: (page) => dialog(page).getByRole('list', { name: 'Tokens' }).waitFor(WAIT) },
  {
    name: 'Networks',
    account: 'injected',
    async open(page) {
      await dialog(page).getByRole('button', { name: 'Latch Local', exact: true }).click(WAIT)
      await titled(page, 'Choose Network')
      await dialog(page).getByRole('list', { name: 'Networks' }).waitFor(WAIT)
    },
  },
  {
    name: 'ConnectedWallets',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Connected wallets', 'Connected Wallets')
      await dialog(page).getByRole('list', { name: 'Connected wallets' }).waitFor(WAIT)
    },
  },
  {
    name: 'Send',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Send', 'Send')
      await dialog(page).getByLabel('Amount').waitFor(WAIT)
    },
  },
  {
    name: 'SendSelectToken',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Send', 'Send')
      await dialog(page).getByRole('button', { name: /^Token / }).click(WAIT)
      await titled(page, 'Select Token')
      await dialog(page).getByRole('list', { name: 'Your tokens' }).getByRole('button').first().waitFor(WAIT)
    },
  },
  {
    name: 'Receive',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Receive', 'Receive')
      await dialog(page).getByRole('img', { name: 'Address QR code' }).waitFor(WAIT)
    },
  },
  {
    name: 'Swap',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Swap', 'Swap')
      await dialog(page).getByRole('button', { name: 'ETH: change the token to pay' }).waitFor(WAIT)
    },
  },
  {
    name: 'SwapSelectToken',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Swap', 'Swap')
      await dialog(page).getByRole('button', { name: 'Select the token to receive' }).click(WAIT)
      await titled(page, 'Select token')
      // USDC's row, in whichever section it falls (Your tokens, Popular or Tokens: SPEC §9).
      await dialog(page).getByRole('listitem').getByRole('button', { name: /^USDC / }).waitFor(WAIT)
    },
  },
  {
    name: 'SwapPreview',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Swap', 'Swap')
      await dialog(page).getByRole('button', { name: 'Select the token to receive' }).click(WAIT)
      await titled(page, 'Select token')
      await dialog(page).getByLabel('Search token').fill('usdc')
      await dialog(page).getByRole('list', { name: 'Tokens' }).getByRole('button', { name: /^USDC / }).click(WAIT)
      await titled(page, 'Swap')
      await dialog(page).getByLabel('You pay').fill('0.5')
      await dialog(page).getByRole('button', { name: 'Review swap' }).click(WAIT)
      await titled(page, 'Review swap')
      await expect.poll(() => dialog(page).getByRole('button', { name: 'Swap', exact: true }).isEnabled(), WAIT).toBe(true)
    },
  },
  {
    name: 'Buy',
    account: 'injected',
    async open(page) {
      await fromAccount(page, 'Buy', 'Buy')
      const options = dialog(page).getByLabel('You buy', { exact: true }).locator('option')
      await expect.poll(async () => (await options.allInnerTexts()).filter((option) => option !== 'Loading…').length, WAIT).toBeGreaterThan(0)
    },
  },
  // A new embedded account holds nothing: its balances have loaded when the Tokens tab says so.
  {
    name: 'AccountEmail',
    account: 'email',
    open: (page) => dialog(page).getByText('No tokens yet.').waitFor(WAIT),
    random: embeddedAddress,
  },
  // Connected Wallets names the account behind an embedded wallet: its email first, "Email · …" below.
  {
    name: 'ConnectedWalletsEmail',
    account: 'email',
    async open(page) {
      await fromAccount(page, 'Connected wallets', 'Connected Wallets')
      await dialog(page).getByRole('list', { name: 'Connected wallets' }).getByText(/^Email · /).waitFor(WAIT)
    },
    // The new embedded wallet's address is random: a fixed sample in its place (a mask would be drawn
    // over the Disconnect button, where the clipped address's box reaches).
    pin: (page) =>
      dialog(page)
        .locator('.wallet-connection .muted bdi')
        .last()
        .evaluate((address) => void (address.textContent = '0x1234…5678')),
  },
  {
    name: 'AccountType',
    account: 'email',
    async open(page) {
      await fromAccount(page, 'Account type', 'Account type')
      await dialog(page).getByRole('button', { name: /^Switch to/ }).waitFor(WAIT)
    },
    random: (page) => [dialog(page).locator('.account-type .address')],
  },
  // The passkey step: the modal shows the wallet frame's own button, which opens the secure window.
  {
    name: 'AddPasskey',
    account: 'email',
    async open(page) {
      await fromAccount(page, 'Add a passkey', 'Add a passkey')
      await walletFrame(page).getByRole('button', { name: 'Continue in a secure window' }).waitFor(WAIT)
    },
  },
  {
    name: 'RegisterAccountName',
    account: 'email',
    async open(page) {
      await fromAccount(page, 'Choose a name', 'Choose Name')
      await dialog(page).getByLabel('Name', { exact: true }).waitFor(WAIT)
    },
  },
  {
    name: 'AccountSocial',
    account: 'social',
    open: (page) => dialog(page).getByText('No tokens yet.').waitFor(WAIT),
    random: embeddedAddress,
  },
  { name: 'AccountWalletConnect', account: 'walletConnect', open: (page) => dialog(page).getByRole('list', { name: 'Tokens' }).waitFor(WAIT) },
  {
    name: 'SignIn',
    account: 'signIn',
    async open(page) {
      await dialog(page).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
      await titled(page, 'Sign In')
      await dialog(page).getByRole('button', { name: 'Sign', exact: true }).waitFor(WAIT)
    },
  },
  // The collector's views come last: its holdings are sent on the chain, which the other views' network fees read.
  {
    name: 'AccountNfts',
    account: 'collector',
    async open(page) {
      await tab(page, 'NFTs')
      await expect.poll(() => dialog(page).getByRole('list', { name: 'NFTs' }).locator('img').count(), WAIT).toBe(COLLECTOR_LANTERNS.length)
    },
  },
  {
    name: 'AccountActivity',
    account: 'collector',
    async open(page) {
      await tab(page, 'Activity')
      await expect.poll(() => dialog(page).getByRole('list', { name: 'Activity' }).getByRole('listitem').count(), WAIT).toBe(1 + COLLECTOR_LANTERNS.length)
    },
    // The rows' dates are when this run's chain mined them: "Nov 9, 9:05 AM" is narrower than
    // "Nov 27, 10:05 AM", and the amount column follows the wider of the two. A fixed date instead,
    // written as the view writes dates, in the modal's language ("Jan 1, 12:00 PM" in English).
    pin: (page) =>
      dialog(page)
        .locator('.activity-date')
        .evaluateAll((dates) => {
          const lang = dates[0]?.closest('[lang]')?.getAttribute('lang') ?? 'en'
          const format = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
          const sample = format.format(Date.UTC(2026, 0, 1, 12))
          for (const date of dates) date.textContent = sample
        }),
  },
]

/** The demo stack's backend, for its `/dev/*` routes (the mailbox). */
export const devBackend = (stack: DemoStack) => ({ url: stack.url, adminToken: stack.adminToken! })

/**
 * The email a view types, from its opening's tag. Each login is a first one (a new device, approved
 * by its own link) and a second code within 30 s is refused (SPEC §5), so each opening has its own
 * address; the backend starts empty, so it is the same in every run, and so is what the view shows.
 */
export const catalogueEmail = (tag: string) => `catalogue.${tag.toLowerCase()}@latch.test`

export interface OpenForViewOptions {
  /** `?theme=light` for the light theme; the demo's dark theme by default. */
  theme?: 'dark' | 'light'
  viewport?: { width: number; height: number }
  /** Touch input (the bottom sheet's). */
  hasTouch?: boolean
  /** For `email`: the address to log in with; for `social`, its local part is the user name. */
  email?: string
  /** Lets the page read and write the clipboard (Copy buttons). */
  clipboard?: boolean
}

/**
 * A demo page in the state `account` names: a visitor with the modal on Connect (its injected
 * wallet never answers, so Connecting stays; for `signIn` it answers), or connected with Account
 * open. A WalletConnect wallet lives as long as the page.
 */
export async function openDemoFor(stack: DemoStack, account: ViewAccount, options: OpenForViewOptions = {}): Promise<Page> {
  const chainRpc = (chainId: number) => `${stack.url}/v1?chainId=eip155:${chainId}&projectId=latch-dev`
  if (account === 'collector') await ensureCollectorHoldings(stack.deployment!)
  const wallet = createTestEip1193Wallet({
    account: account === 'collector' ? COLLECTOR : HOLDER,
    chains: { 31337: chainRpc(31337), 31338: chainRpc(31338) },
    // A visitor's wallet keeps its prompt open, as a person who has not answered yet.
    approve: account === 'visitor' ? () => new Promise<boolean>(() => {}) : undefined,
  })
  const query = new URLSearchParams(options.theme === 'light' ? { theme: 'light' } : {})
  if (account === 'signIn') query.set('siwx', '')
  const page = await stack.openDemo(
    query.size > 0 ? `?${query}` : '',
    (p) => exposeTestEip1193Wallet(p, wallet, WALLET_INFO),
    {
      viewport: options.viewport ?? { width: 1280, height: 720 },
      hasTouch: options.hasTouch,
      reducedMotion: 'reduce',
      permissions: options.clipboard || account === 'walletConnect' ? ['clipboard-read', 'clipboard-write'] : [],
    },
  )
  await page.getByRole('button', { name: 'Connect Wallet' }).click(WAIT)
  await titled(page, 'Connect Wallet')
  if (account === 'visitor' || account === 'signIn') return page
  if (account === 'injected' || account === 'collector') {
    await dialog(page).getByRole('button', { name: /Latch Test Wallet/ }).click(WAIT)
  } else if (account === 'walletConnect') {
    await pairWalletConnect(page, stack)
  } else {
    if (!options.email) throw new TypeError(`openDemoFor(stack, '${account}') needs options.email`)
    if (account === 'email') await logInByEmailOnDemo(page, devBackend(stack), options.email)
    else await logInBySocialOnDemo(page, socialUserName(options.email))
  }
  await dialog(page).waitFor({ state: 'hidden', ...WAIT })
  await page.locator('[data-latch-button="account"]').click(WAIT)
  await titled(page, 'Account')
  return page
}

/** A social login's user name from the catalogue's email: its local part, short enough to show whole. */
const socialUserName = (email: string) => email.split('@')[0]!.replace(/^catalogue\./, '').replace(/\W/g, '-')

/** Pairs dev account #7's WalletConnect wallet by the QR view's copied link; the wallet stops with the page. */
async function pairWalletConnect(page: Page, stack: DemoStack) {
  const wallet = await startWalletKitWallet({
    relayUrl: `${stack.url.replace(/^http/, 'ws')}/relay`,
    account: HOLDER,
    chainId: 31337,
    storagePrefix: `catalogue-${crypto.randomUUID()}`,
  })
  page.once('close', () => void wallet.stop().catch(() => {}))
  await dialog(page).getByRole('list', { name: 'Wallets' }).getByRole('button', { name: /WalletConnect/ }).click(WAIT)
  await titled(page, 'WalletConnect')
  await dialog(page).getByRole('button', { name: 'Copy link' }).click(WAIT)
  await page.getByText('Link copied').waitFor(WAIT)
  await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
  // The note goes after 2.2 s (while the modal is closed it is only unseen): a view opened later must not show it.
  await page.getByText('Link copied').waitFor({ state: 'detached', ...WAIT })
}
