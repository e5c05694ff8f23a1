// The onramp plugin's cost to a host page, from the built dist/ (npm run bench builds first):
// what its entry adds up front, what the kit fetches once the feature is on (setup), and what
// the first Buy fetches (views and store). Each figure is gzip -9 of our own files, beyond the
// core entry, the connectors and account plugins it requires (loaded by then), and what was
// counted before it. Run alone with `npx tsx bench/onramp.ts`.
import { printPluginCost } from './pluginCost.js'

// What Buy's page already holds: the connectors plugin with its setup, and the account plugin
// with its setup and the Account view and stores (Buy is an Account action).
await printPluginCost('onramp plugin', 'dist/plugins/onramp.js', [{ entry: 'dist/plugins/connectors.js', depth: 1 }, { entry: 'dist/plugins/account.js', depth: 2 }], 'Buy views and store')
