import { expect, it } from 'vitest'
import * as accountEntry from './index.js'

it('exports exactly the documented account surface', () => {
  expect(Object.keys(accountEntry).sort()).toMatchInlineSnapshot(`
    [
      "AccountErrorCodes",
      "AccountStoreToken",
      "InvalidDecimalError",
      "NameResolutionError",
      "NetworkSwitchStoreToken",
      "NftStoreToken",
      "ProfileWalletsStoreToken",
      "SendAmountAndReceiverRequiredError",
      "SendStoreToken",
      "SendTokenRequiredError",
      "TokenBalanceUnavailableError",
      "account",
      "formatTokenAmount",
    ]
  `)
})
