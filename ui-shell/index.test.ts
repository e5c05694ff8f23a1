import { expect, it } from 'vitest'
import * as core from './index.js'

it('exports exactly the documented core surface', () => {
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "Alerts",
      "ConnectButton",
      "DEFAULT_FEATURES",
      "KIT_VERSION",
      "KitError",
      "LatchProvider",
      "THEMES",
      "ThemeStore",
      "ThemeStoreToken",
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
