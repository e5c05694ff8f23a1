// Side-by-side pictures of Latch and AppKit 1.7.10 (issue 27): Latch's dark baselines at 1280x720
// beside AppKit's own modal, as test/browser/appkitClient.test.ts captures it (run that test first).
import { PNG } from 'pngjs'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
const pairs = [
  ['test/browser/baselines/Connect-dark-1280x720.png', 'test-results/screenshots/appkit-connect.png', 'connect-dark'],
  ['test/browser/baselines/AllWallets-dark-1280x720.png', 'test-results/screenshots/appkit-search.png', 'all-wallets-dark'],
  ['test/browser/baselines/Account-dark-1280x720.png', 'test-results/screenshots/appkit-activity.png', 'account-dark'],
]
mkdirSync('docs/peers', { recursive: true })
for (const [latch, appkit, name] of pairs) {
  const a = PNG.sync.read(readFileSync(latch)), b = PNG.sync.read(readFileSync(appkit))
  const out = new PNG({ width: a.width + 16 + 360, height: Math.max(a.height, b.height) })
  PNG.bitblt(a, out, 0, 0, a.width, a.height, 0, 0)
  // AppKit's modal sits at x 460 to 820 of its 1280-wide page.
  PNG.bitblt(b, out, 460, 0, 360, b.height, a.width + 16, 0)
  writeFileSync(`docs/peers/${name}.png`, PNG.sync.write(out))
  console.log(`docs/peers/${name}.png`)
}
