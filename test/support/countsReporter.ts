import { appendFileSync, mkdirSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * Appends this run's test counts to test-results/counts.jsonl, so `npm test` can close with
 * one total line over both projects (scripts/printTestTotals.mjs).
 */
export default class CountsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules)
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
    mkdirSync('test-results', { recursive: true })
    appendFileSync('test-results/counts.jsonl', `${JSON.stringify(counts)}\n`)
  }
}
