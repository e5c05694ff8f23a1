import { expect, it } from 'vitest'
import * as core from './index.js'

it('exports exactly the documented core surface', () => {
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "AccountButton",
      "Alerts",
      "ConnectButton",
      "DEFAULT_FEATURES",
      "KIT_VERSION",
      "KitError",
      "LatchProvider",
      "NetworkButton",
      "SnackbarStoreToken",
      "THEMES",
      "ThemeStore",
      "ThemeStoreToken",
      "WalletCatalogStoreToken",
      "createKit",
      "createToken",
      "definePlugin",
      "useKit",
      "useKitState",
      "useLatchAccount",
      "useLatchDisconnect",
      "useLatchModal",
      "useLatchNetwork",
    ]
  `)
})
