import { expect, it } from 'vitest'
import * as swapsEntry from './index.js'

it('exports exactly the documented swaps surface', () => {
  expect(Object.keys(swapsEntry).sort()).toMatchInlineSnapshot(`
    [
      "SwapErrorCodes",
      "SwapStoreToken",
      "swaps",
    ]
  `)
})
