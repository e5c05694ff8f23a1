import { expect, it } from 'vitest'
import * as namesEntry from './index.js'

it('exports exactly the documented names surface', () => {
  expect(Object.keys(namesEntry).sort()).toMatchInlineSnapshot(`
    [
      "AccountNamesError",
      "AccountNamesStoreToken",
      "InvalidAccountNameError",
      "NameAuthAddressNotFoundError",
      "NameInvalidChainIdError",
      "NameNetworkNotFoundError",
      "NameRegistrationError",
      "NameRules",
      "NameSuggestionsError",
      "NamesErrorCodes",
      "RegisterNameStoreToken",
      "names",
      "validateAccountName",
    ]
  `)
})
