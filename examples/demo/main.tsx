// The demo host page: what a host writes to embed Latch, served by `npm start`.
import { createRoot } from 'react-dom/client'
import {
  AccountButton,
  ConnectButton,
  createKit,
  LatchProvider,
  NetworkButton,
  useKit,
  useKitState,
  useLatchModal,
} from 'latch'
import { ThemeStoreToken } from 'latch/plugin'
import { bitcoinConnectors } from 'latch/chains/bip122'
import { eip155Connectors } from 'latch/chains/eip155'
import { BITCOIN_NETWORK, localEvmNetwork, POLKADOT_NETWORK } from 'latch/chains/networks'
import { polkadotConnectors } from 'latch/chains/polkadot'
import { solanaConnectors } from 'latch/chains/solana'
import { walletConnect } from 'latch/chains/walletconnect'
import { account } from 'latch/plugins/account'
import { activity } from 'latch/plugins/activity'
import { connect } from 'latch/plugins/connect'
import { connectors } from 'latch/plugins/connectors'
import { email } from 'latch/plugins/email'
import { embeddedWallet } from 'latch/plugins/embeddedWallet'
import { names } from 'latch/plugins/names'
import { onramp } from 'latch/plugins/onramp'
import { siwx } from 'latch/plugins/siwx'
import { socials } from 'latch/plugins/socials'
import { swaps } from 'latch/plugins/swaps'
import { findSolanaCluster } from './findSolanaCluster.js'
import { hasSavedSolanaTestWallet } from './solanaTestWalletInfo.js'
import { TryItPanel } from './TryItPanel.js'

const params = new URLSearchParams(location.search)
const projectId = 'latch-dev'
const metadata = { name: 'Latch demo', url: location.origin, description: 'The Latch demo host page', icons: [] }
// The backend's two local chains, reached through its chain RPC (SPEC §7: /v1?chainId=…).
const chainRpc = (chainId: number) => `${location.origin}/v1?chainId=eip155:${chainId}&projectId=${projectId}`
const evmNetworks = [localEvmNetwork(31337, chainRpc(31337)), localEvmNetwork(31338, chainRpc(31338))]

/**
 * Where the embedded wallet's secure site runs (its own origin, the port after this page's under
 * `npm start`). A real host writes its URL; the demo asks the backend that serves it (never a
 * `/dev` route: those need the admin token), and without one (the catalogue-only server) offers
 * no email or social login.
 */
async function findSecureSite(): Promise<string | undefined> {
  try {
    const response = await fetch('/demo/secure-site')
    const body = response.ok ? ((await response.json()) as { secureSiteUrl?: unknown }) : undefined
    return typeof body?.secureSiteUrl === 'string' ? body.secureSiteUrl : undefined
  } catch {
    return undefined
  }
}
const secureSiteUrl = await findSecureSite()
// The whole backend (it has a secure site) also runs a local Solana cluster; the catalogue-only server none.
const solanaNetwork = secureSiteUrl ? await findSolanaCluster(projectId) : undefined
// A test wallet the visitor added on an earlier visit comes back with its key (and session).
const solanaTestWallet =
  solanaNetwork && hasSavedSolanaTestWallet()
    ? await import('./solanaTestWallet.js').then(({ addSolanaTestWallet }) =>
        addSolanaTestWallet({ caipNetworkId: solanaNetwork.caipNetworkId, rpcUrl: solanaNetwork.rpcUrls.default.http[0]! }, { create: false }),
      )
    : undefined
// Every namespace the kit has an adapter for. Polkadot and Bitcoin have no local chain: their
// extensions connect, nothing is read from a node.
const networks = [...evmNetworks, ...(solanaNetwork ? [solanaNetwork] : []), POLKADOT_NETWORK, BITCOIN_NETWORK]
// Sign in with the wallet asks for a signature after every connection: on with `?siwx`.
const siwxOn = params.has('siwx')

const kit = createKit(
  {
    projectId,
    // The reference backend serves this page: every service is on the same origin.
    apiUrl: location.origin,
    themeMode: params.get('theme') === 'light' ? 'light' : 'dark',
    // `?locale=ar` (or any locale; `en-XA` is the pseudo-locale); else the browser's language.
    locale: params.get('locale') ?? undefined,
    debug: params.has('debug'),
    metadata,
    features: { siwx: siwxOn },
  },
  [
    connectors({
      networks,
      sources: [
        eip155Connectors(),
        solanaConnectors(),
        polkadotConnectors({ appName: metadata.name }),
        bitcoinConnectors(),
        walletConnect({ projectId, metadata, relayUrl: `${location.origin.replace(/^http/, 'ws')}/relay` }),
      ],
    }),
    connect(),
    account(),
    activity(),
    onramp(),
    swaps(),
    siwx(),
    ...(secureSiteUrl ? [embeddedWallet({ secureSiteUrl }), email(), socials(), names()] : []),
  ],
)

function Plugins() {
  const plugins = useKitState((state) => state.plugins)
  return (
    <ul className="features" aria-label="Plugins">
      {Object.entries(plugins).map(([id, status]) => (
        <li key={id}>
          {id}: <strong>{status}</strong>
        </li>
      ))}
    </ul>
  )
}

// What a visitor calls each namespace the page offers.
const CHAIN_NAMES: Record<string, string> = { eip155: 'EVM', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }

/**
 * The chains this page offers, one entry per namespace with its count of networks. Not the
 * networks' own names: those are the modal's to show (NetworkButton, Networks view).
 */
function Chains() {
  const counts = new Map<string, number>()
  for (const network of networks) counts.set(network.chainNamespace, (counts.get(network.chainNamespace) ?? 0) + 1)
  return (
    <ul className="features" aria-label="Chains">
      {[...counts].map(([namespace, count]) => (
        <li key={namespace}>
          {CHAIN_NAMES[namespace] ?? namespace}: <strong>{count === 1 ? '1 network' : `${count} networks`}</strong>
        </li>
      ))}
    </ul>
  )
}

function ThemeToggle() {
  const kit = useKit()
  const mode = useKitState((state) => state.themeMode) ?? 'dark'
  const next = mode === 'dark' ? 'light' : 'dark'
  document.body.dataset.theme = mode
  return (
    <button type="button" onClick={() => kit.resolve(ThemeStoreToken).setMode(next)}>
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  )
}

// The locales Latch ships, each switched live with kit.setLocale(); en-XA is the pseudo-locale.
// Arabic twice: CLDR writes 'ar' with Western digits, Egyptian Arabic with Arabic-Indic ones.
const LOCALES = {
  en: 'English',
  ar: 'العربية',
  'ar-EG': 'العربية (مصر)',
  de: 'Deutsch',
  es: 'Español',
  fa: 'فارسی',
  fr: 'Français',
  he: 'עברית',
  hi: 'हिन्दी',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-XA': 'Pseudo (en-XA)',
}

function LanguagePicker() {
  const locale = useKitState((state) => state.locale) ?? 'en'
  return (
    <select aria-label="Language" value={locale in LOCALES ? locale : 'en'} onChange={(event) => void kit.setLocale(event.target.value)}>
      {Object.entries(LOCALES).map(([value, name]) => (
        <option key={value} value={value}>
          {name}
        </option>
      ))}
    </select>
  )
}

function Page() {
  const modal = useLatchModal()
  const address = useKitState((state) => state.address)
  return (
    <main>
      <header>
        <h1>Latch demo</h1>
        <div>
          <ThemeToggle /> <LanguagePicker /> <NetworkButton /> {address ? <AccountButton /> : <ConnectButton />}
        </div>
      </header>
      <p>
        This page embeds the Latch modal on the reference backend: catalogue and blockchain services, local chains and
        the WalletConnect relay, all on this machine. Modal open: <strong>{String(modal.isOpen)}</strong>.
      </p>
      <TryItPanel projectId={projectId} embeddedWallet={Boolean(secureSiteUrl)} solana={solanaNetwork} solanaTestWallet={solanaTestWallet} siwxOn={siwxOn} />
      <section>
        <h2>Plugins</h2>
        <Plugins />
      </section>
      <section>
        <h2>Chains</h2>
        <Chains />
      </section>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <LatchProvider kit={kit}>
    <Page />
  </LatchProvider>,
)
