// Closes `npm test` with one plain line over every vitest run: 'Tests: N passed, N failed'.
import { existsSync, readFileSync, rmSync } from 'node:fs'

const file = 'test-results/counts.jsonl'
if (process.argv.includes('--reset')) {
  rmSync(file, { force: true })
} else {
  const total = { passed: 0, failed: 0, skipped: 0 }
  if (existsSync(file))
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const counts = JSON.parse(line)
      for (const key of Object.keys(total)) total[key] += counts[key] ?? 0
    }
  console.log(`\nTests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
  if (total.passed === 0 || total.failed > 0) process.exit(1)
}
