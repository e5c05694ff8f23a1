// `npm run build`: the library (rollup: ESM, one entry per plugin and namespace), its type
// declarations (tsc), then the demo host page (esbuild, importing the built package by name).
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { buildDemo } from './buildDemo.mjs'

const run = (command, args) => execFileSync(command, args, { stdio: 'inherit' })

rmSync('dist', { recursive: true, force: true })
run('npx', ['rollup', '-c', '--silent'])
run('npx', ['tsc', '-p', 'tsconfig.build.json'])
await buildDemo()
console.log('Built dist/ and examples/dist/')
