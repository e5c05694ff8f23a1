// Latch: the core (createKit, LatchProvider, ConnectButton) plus a set of plugins. Both Latch
// apps are this page: 'bench:latch-plugins' is an alias the build points at plugins.connectors.js
// (id latch), plugins.all.js (id latch-all) or, as a fallback, plugins.core.js
// (harness/buildApps.ts decides and reports which).
import { createRoot } from 'react-dom/client'
import { ConnectButton, createKit, LatchProvider } from 'latch'
import { plugins } from 'bench:latch-plugins'

const kit = createKit(
  {
    projectId: 'latch-dev',
    // No apiUrl: Latch then makes no service call at all, and the page needs no backend.
    metadata: { name: 'Latch bench', url: location.origin },
  },
  plugins,
)

createRoot(document.getElementById('root')).render(
  <LatchProvider kit={kit}>
    <main>
      <ConnectButton />
    </main>
  </LatchProvider>,
)
