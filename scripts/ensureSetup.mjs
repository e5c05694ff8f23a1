// Runs before `npm start` and `npm test` so that each is the only command a fresh machine needs:
// installs the npm packages when they are missing, and for tests Debian's Chromium too.
// Uses only Node built-ins: it runs before anything is installed.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' })

if (!existsSync('node_modules/.package-lock.json')) {
  console.log('Installing npm packages...')
  try {
    // Its refusal is a page of `npm error` lines that read as a failed install: keep them quiet.
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { stdio: ['ignore', 'inherit', 'pipe'] })
  } catch {
    // See .ci/run: this registry lacks some platforms' optional binaries, which `npm ci` refuses.
    console.log('npm ci cannot use the lockfile with this registry (other platforms\' binaries are missing): installing with npm install.')
    run('npm', ['install', '--no-audit', '--no-fund'])
  }
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
