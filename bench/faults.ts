import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { FAULT_FIGURES, type FaultFigure } from '../test/support/faultsPage.js'
import { runLeakCase } from './faultsLeak.js'
import { runRelayLoad } from './loadRelay.js'
import { runRouteLoad } from './loadRoutes.js'

// `npm run bench:faults` (issue 15): the fast fault cases (the Chromium suites
// test/browser/faults*.test.ts and cspStrict, also part of `npm test`), the slower Node cases
// (public API fuzzing, SIGKILL durability, the relay restart: also in `npm test`), the leak
// case and the load cases (bench only), one line per case with what held. Exits non-zero when
// a case did not hold.
interface VitestJson {
  testResults: Array<{ assertionResults: Array<{ fullName: string; status: string; duration?: number }> }>
}

/** Runs some test files with vitest's JSON reporter; returns each test's result. */
function runVitest(project: 'browser' | 'unit', files: string[], results: string) {
  rmSync(results, { force: true })
  const run = spawnSync('npx', ['vitest', 'run', '--project', project, '--reporter=json', `--outputFile=${results}`, ...files], { stdio: ['ignore', 'ignore', 'inherit'] })
  const tests = existsSync(results) ? (JSON.parse(readFileSync(results, 'utf8')) as VitestJson).testResults.flatMap((file) => file.assertionResults) : []
  return { status: run.status, tests }
}

rmSync(FAULT_FIGURES, { force: true })
const runs = [
  runVitest('browser', ['test/browser/faults', 'test/browser/cspStrict'], 'test-results/faults-vitest.json'),
  runVitest('unit', ['test/plugins/publicApiFuzz', 'test/server/durabilitySigkill', 'test/chains/relayRestart'], 'test-results/faults-vitest-unit.json'),
]
const tests = runs.flatMap((run) => run.tests)
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
for (const [i, run] of runs.entries()) if (run.tests.length === 0) line(false, i === 0 ? 'Chromium cases' : 'Node cases', [`vitest exited ${run.status} with no results`])

const measuredCases: Array<[string, () => Promise<FaultFigure[]>]> = [
  ['leak', runLeakCase],
  ['load: relay', runRelayLoad],
  ['load: routes', runRouteLoad],
]
for (const [name, run] of measuredCases) {
  for (const figure of await run().catch((error: Error) => [{ case: name, held: false, note: error.message } as FaultFigure])) {
    line(figure.held, figure.case, describeFigure(figure))
  }
}

console.log(lines.join('\n'))
process.exitCode = lines.every((l) => l.startsWith('PASS')) ? 0 : 1
