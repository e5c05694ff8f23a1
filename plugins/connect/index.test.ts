import { expect, it } from 'vitest'
import * as connectEntry from './index.js'

it('exports exactly the documented connect surface', () => {
  expect(Object.keys(connectEntry).sort()).toMatchInlineSnapshot(`
    [
      "ConnectFlowStoreToken",
      "ConnectWalletsStoreToken",
      "LegalConsentStoreToken",
      "WalletCatalogStoreToken",
      "WalletConnectPairingStoreToken",
      "connect",
    ]
  `)
})
