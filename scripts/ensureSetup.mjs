// Runs before `npm start` and `npm test` so that each is the only command a fresh machine needs:
// installs the npm packages when they are missing, and for tests Debian's Chromium too.
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

if (process.argv.includes('--browser') && !existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  if (process.getuid?.() !== 0) {
    console.error('Browser tests need Debian Chromium: run `sudo apt-get install -y chromium`.')
    process.exit(1)
  }
  console.log('Installing Debian Chromium for the browser tests...')
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', 'chromium'])
}
