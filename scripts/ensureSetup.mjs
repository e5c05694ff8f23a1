// Runs before `npm start` and `npm test` so that each is the only command a fresh machine needs:
// installs the npm packages when they are missing, and for tests the Debian packages they start:
// Chromium with CJK fonts, PostgreSQL (the unit-postgres run), Redis and HAProxy (the cluster tests).
// Uses only Node built-ins: it runs before anything is installed.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' })

if (!existsSync('node_modules/.package-lock.json')) {
  // Straight to `npm install`, which installs what package-lock.json pins: `npm ci` always refuses
  // here (the registry lacks other platforms' optional binaries, so the lock cannot list them).
  console.log('Installing npm packages (npm install, from package-lock.json)...')
  run('npm', ['install', '--no-audit', '--no-fund'])
}

/** Debian packages the tests start, each with the file that shows it is installed. */
const TEST_PACKAGES = [
  ['chromium', process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'],
  ['postgresql', '/usr/lib/postgresql'],
  ['redis-server', '/usr/bin/redis-server'],
  ['haproxy', '/usr/sbin/haproxy'],
  // Chinese, Japanese and Korean glyphs for the browser (the Japanese visual baselines).
  ['fonts-noto-cjk', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'],
]

const missing = process.argv.includes('--browser') ? TEST_PACKAGES.filter(([, file]) => !existsSync(file)).map(([name]) => name) : []
if (missing.length) {
  if (process.getuid?.() !== 0) {
    console.error(`The tests need Debian packages: run \`sudo apt-get install -y ${missing.join(' ')}\`.`)
    process.exit(1)
  }
  console.log(`Installing Debian packages for the tests: ${missing.join(', ')}...`)
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', ...missing])
}
