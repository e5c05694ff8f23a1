// The demo host page: what a host writes to embed Latch, served by `npm start`.
import { createRoot } from 'react-dom/client'
import { ConnectButton, createKit, LatchProvider, ThemeStoreToken, useKit, useKitState, useLatchModal } from 'latch'
import { activity } from 'latch/plugins/activity'
import { email } from 'latch/plugins/email'
import { names } from 'latch/plugins/names'
import { onramp } from 'latch/plugins/onramp'
import { socials } from 'latch/plugins/socials'
import { swaps } from 'latch/plugins/swaps'

const params = new URLSearchParams(location.search)
const kit = createKit(
  {
    projectId: 'latch-dev',
    // The reference backend serves this page: every service is on the same origin.
    apiUrl: location.origin,
    themeMode: params.get('theme') === 'light' ? 'light' : 'dark',
    debug: params.has('debug'),
    metadata: { name: 'Latch demo', url: location.origin, description: 'The Latch demo host page' },
  },
  [email(), socials(), swaps(), onramp(), activity(), names()],
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

function ThemeToggle() {
  const kit = useKit()
  const mode = useKitState((state) => state.themeMode as string | undefined) ?? 'dark'
  const next = mode === 'dark' ? 'light' : 'dark'
  document.body.dataset.theme = mode
  return (
    <button type="button" onClick={() => kit.resolve(ThemeStoreToken).setMode(next)}>
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  )
}

function Page() {
  const modal = useLatchModal()
  return (
    <main>
      <header>
        <h1>Latch demo</h1>
        <div>
          <ThemeToggle /> <ConnectButton />
        </div>
      </header>
      <p>
        This page embeds the Latch modal on the reference backend: catalogue and blockchain services, local chains and
        the WalletConnect relay, all on this machine. Modal open: <strong>{String(modal.isOpen)}</strong>.
      </p>
      <section>
        <h2>Plugins</h2>
        <Plugins />
      </section>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <LatchProvider kit={kit}>
    <Page />
  </LatchProvider>,
)
