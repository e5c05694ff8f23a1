// Every plugin: the connectors of plugins.connectors.js (injected, EIP-6963, WalletConnect on
// mainnet and Sepolia) with the connect and account views, plus the embedded wallet, email, socials, swaps, onramp,
// activity, names and siwx: the feature set AppKit loads by default. The 'Latch (every plugin)'
// row (harness/apps.ts, id latch-all); used only when the built package has all these entries.
import { activity } from 'latch/plugins/activity'
import { email } from 'latch/plugins/email'
import { embeddedWallet } from 'latch/plugins/embeddedWallet'
import { names } from 'latch/plugins/names'
import { onramp } from 'latch/plugins/onramp'
import { siwx } from 'latch/plugins/siwx'
import { socials } from 'latch/plugins/socials'
import { swaps } from 'latch/plugins/swaps'
import { plugins as connectorsVariant } from './plugins.connectors.js'

export const plugins = [
  ...connectorsVariant,
  // Like AppKit's secure site, unreachable in the bench: the frame loads only once the modal opens.
  embeddedWallet({ secureSiteUrl: 'http://127.0.0.1:9' }),
  email(),
  socials(),
  swaps(),
  onramp(),
  activity(),
  names(),
  siwx(),
]
