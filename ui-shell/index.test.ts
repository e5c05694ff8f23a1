import { expect, it } from 'vitest'
import * as core from './index.js'

it('exports exactly the documented host surface', () => {
  expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
    [
      "AccountButton",
      "ConnectButton",
      "HOST_EVENTS",
      "KIT_VERSION",
      "KitError",
      "LatchProvider",
      "NetworkButton",
      "THEMES",
      "createKit",
      "useKit",
      "useKitState",
      "useLatchAccount",
      "useLatchBalance",
      "useLatchDisconnect",
      "useLatchEvents",
      "useLatchModal",
      "useLatchNetwork",
      "useLatchProvider",
      "useLatchState",
      "useLatchWalletInfo",
    ]
  `)
})
