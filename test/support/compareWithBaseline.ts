import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

// Visual regression: a screenshot against its committed baseline. Baselines change only on
// purpose (`npm run test:baselines`, which sets UPDATE_BASELINES=1); otherwise a missing or changed
// one is a failure that names the file, and the actual image (and where it differs) is written to
// test-results/visual/ to look at.

export const BASELINES_DIR = 'test/browser/baselines'
const RESULTS_DIR = 'test-results/visual'
/** pixelmatch's per-pixel colour threshold (0-1): anti-aliasing and font hinting noise stays under it. */
const COLOUR_THRESHOLD = 0.1
/**
 * How many pixels may differ beyond that before a capture fails: never a moved, added or resized
 * element. Chromium paints text that appears after the view's first paint (a balance that
 * arrived, a lazily loaded plugin's row) in one of two ways from run to run, with identical
 * layout (checked to the thousandth of a pixel): 53 to 412 pixels of glyph edges in the Account
 * captures. The smallest real change measured (Buy's 20 px currency icon) differs by 549.
 */
export const MAX_DIFFERING_PIXELS = 450

const updating = () => process.env.UPDATE_BASELINES === '1'

/**
 * Compares a PNG screenshot with `test/browser/baselines/<name>.png`, or rewrites the baseline
 * with UPDATE_BASELINES=1.
 *
 * @returns why the capture does not match (undefined when it does)
 */
export function compareWithBaseline(name: string, actual: Buffer): string | undefined {
  const baselinePath = join(BASELINES_DIR, `${name}.png`)
  if (updating()) {
    mkdirSync(BASELINES_DIR, { recursive: true })
    writeFileSync(baselinePath, actual)
    return undefined
  }
  mkdirSync(RESULTS_DIR, { recursive: true })
  const actualPath = join(RESULTS_DIR, `${name}.actual.png`)
  const rerun = 'if the change is intended, run `npm run test:baselines` and commit the images'
  if (!existsSync(baselinePath)) {
    writeFileSync(actualPath, actual)
    return `${baselinePath} is missing: the capture is in ${actualPath}; ${rerun}`
  }
  const expected = PNG.sync.read(readFileSync(baselinePath))
  const got = PNG.sync.read(actual)
  if (expected.width !== got.width || expected.height !== got.height) {
    writeFileSync(actualPath, actual)
    return `${baselinePath} is ${expected.width}×${expected.height} but the capture is ${got.width}×${got.height} (in ${actualPath}); ${rerun}`
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const differing = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, { threshold: COLOUR_THRESHOLD })
  if (differing <= MAX_DIFFERING_PIXELS) return undefined
  const diffPath = join(RESULTS_DIR, `${name}.diff.png`)
  writeFileSync(actualPath, actual)
  writeFileSync(diffPath, PNG.sync.write(diff))
  return `${baselinePath}: ${differing} pixels differ (more than ${MAX_DIFFERING_PIXELS}); the capture is in ${actualPath}, the differences in ${diffPath}; ${rerun}`
}
