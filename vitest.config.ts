import { defineConfig } from 'vitest/config'

// Two projects: `unit` runs beside-the-code tests and cross-package suites in Node (or
// happy-dom per file); `browser` drives Debian's Chromium against a started stack.
export default defineConfig({
  test: {
    reporters: ['default', './test/support/countsReporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{kernel,plugins,chains,ui-shell,server}/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: ['test/browser/**', '**/node_modules/**', 'dist/**'],
          environment: 'node',
          setupFiles: ['test/support/setupUnit.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // As in the browser project: a poll without its own timeout is sized for a slow 2-core
          // machine (relay delivery, RPC pings, a backend under load), never vitest's 1 s default.
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A poll without its own timeout waits this long, sized for a slow 2-core machine (chain
          // reads, catalogue pages, lazily loaded views), never vitest's 1 s default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
})
