// Installs the peers' packages (bench/peers/package-lock.json) the first time `npm run bench:peers`
// runs: they are big (about 1.2 GB) and only this benchmark needs them.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
if (!existsSync(join(here, 'node_modules'))) {
  console.log('bench:peers: installing the peers once (npm ci in bench/peers)…')
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' })
}
