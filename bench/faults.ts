import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { FAULT_FIGURES, type FaultFigure } from '../test/support/faultsPage.js'
import { runLeakCase } from './faultsLeak.js'

// `npm run bench:faults` (issue 15): the fast fault cases (the Chromium suites
// test/browser/faults*.test.ts, also part of `npm test`) and the leak case, one line per case
// with what held. Exits non-zero when a case did not hold.
const RESULTS = 'test-results/faults-vitest.json'

interface VitestJson {
  testResults: Array<{ assertionResults: Array<{ fullName: string; status: string; duration?: number }> }>
}

rmSync(FAULT_FIGURES, { force: true })
rmSync(RESULTS, { force: true })
const run = spawnSync('npx', ['vitest', 'run', '--project', 'browser', '--reporter=json', `--outputFile=${RESULTS}`, 'test/browser/faults'], { stdio: ['ignore', 'ignore', 'inherit'] })
const tests = existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as VitestJson).testResults.flatMap((file) => file.assertionResults) : []
const figures: FaultFigure[] = existsSync(FAULT_FIGURES)
  ? readFileSync(FAULT_FIGURES, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as FaultFigure)
  : []

const lines: string[] = []
const line = (held: boolean, name: string, parts: Array<string | undefined>) =>
  lines.push([held ? 'PASS' : 'FAIL', name, ...parts.filter(Boolean)].join(' | '))
const describeFigure = (f: FaultFigure) => [
  f.recoveryMs !== undefined ? `recovery ${f.recoveryMs} ms` : undefined,
  f.heapRatio !== undefined ? `heap ratio ${f.heapRatio}` : undefined,
  f.messagesLost !== undefined ? `messages lost ${f.messagesLost}` : undefined,
  f.note,
]

for (const test of tests) {
  // vitest names a test 'suite > test' inside the run and 'suite test' in its JSON report.
  const measured = figures.filter((f) => f.test?.split(' > ').join(' ') === test.fullName)
  if (measured.length === 0) line(test.status === 'passed', test.fullName, [`${Math.round(test.duration ?? 0)} ms`])
  for (const figure of measured) line(test.status === 'passed' && figure.held, `${figure.case} (${test.fullName})`, describeFigure(figure))
}
if (tests.length === 0) line(false, 'fast cases', [`vitest exited ${run.status} with no results`])

for (const figure of await runLeakCase().catch((error: Error) => [{ case: 'leak', held: false, note: error.message } as FaultFigure])) {
  line(figure.held, figure.case, describeFigure(figure))
}

console.log(lines.join('\n'))
process.exitCode = lines.every((l) => l.startsWith('PASS')) ? 0 : 1
