import { expect, it } from 'vitest'
import * as activityEntry from './index.js'

it('exports exactly the documented activity surface', () => {
  expect(Object.keys(activityEntry).sort()).toMatchInlineSnapshot(`
    [
      "activity",
    ]
  `)
})
