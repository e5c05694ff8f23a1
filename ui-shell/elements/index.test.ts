import { expect, it } from 'vitest'
import * as elements from './index.js'

// Imported in Node with no DOM globals: the entry touches no `window`, `document` or `customElements` at import.
it('exports exactly the documented elements surface', () => {
  expect(Object.keys(elements).sort()).toMatchInlineSnapshot(`
    [
      "BUTTON_STYLES",
      "ElementDefinedError",
      "defineLatchElements",
    ]
  `)
})
