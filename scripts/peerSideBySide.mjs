// Side-by-side pictures of Latch and AppKit 1.7.10 (issue 27): Latch's baselines at 1280x720 beside
// AppKit's own modal in the same theme, as test/browser/appkitClient.test.ts captures it (run that
// test first). `node scripts/peerSideBySide.mjs light` makes one theme's pictures; no argument, both.
import { PNG } from 'pngjs'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
const views = [
  ['Connect', 'appkit-connect', 'connect'],
  ['AllWallets', 'appkit-search', 'all-wallets'],
  ['Account', 'appkit-activity', 'account'],
]
const themes = process.argv.length > 2 ? process.argv.slice(2) : ['dark', 'light']
mkdirSync('docs/peers', { recursive: true })
for (const theme of themes)
  for (const [latchView, appkitCapture, name] of views) {
    const a = PNG.sync.read(readFileSync(`test/browser/baselines/${latchView}-${theme}-1280x720.png`))
    const b = PNG.sync.read(readFileSync(`test-results/screenshots/${appkitCapture}-${theme}.png`))
    const out = new PNG({ width: a.width + 16 + 360, height: Math.max(a.height, b.height) })
    PNG.bitblt(a, out, 0, 0, a.width, a.height, 0, 0)
    // AppKit's modal sits at x 460 to 820 of its 1280-wide page.
    PNG.bitblt(b, out, 460, 0, 360, b.height, a.width + 16, 0)
    writeFileSync(`docs/peers/${name}-${theme}.png`, PNG.sync.write(out))
    console.log(`docs/peers/${name}-${theme}.png`)
  }
