import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { icuCataloguesPlugin } from './scripts/icuCatalogues.mjs'

/**
 * Every server test, run a second time on Postgres by the `unit-postgres` project (issue 28: the
 * same test bodies, a database per backend in one throwaway cluster per run). A backend started
 * by the test helpers (`startBackend`, `startTestBackend`…) takes the run's database by itself.
 * `test/security/` runs in the browser project, never in `unit`.
 */
const ON_BOTH_DATABASES = ['server/**/*.test.ts', 'test/server/**/*.test.ts']

/**
 * Left out, with why: the admin page and the secure site's pages are browser apps (`server/web/`);
 * their tests start no backend and touch no database. The adoption tests open an old SQLite file
 * on purpose: what they check (that file adopts the migrations unchanged) has no Postgres side.
 */
const ONLY_ON_SQLITE = [
  'server/web/**',
  'server/plugins/database/adoptRelayAndProjects.test.ts',
  'server/secureSite/createSecureSiteTables.test.ts',
]

/** What both Node projects share. */
const IN_NODE: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  setupFiles: ['test/support/setupUnit.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  // As in the browser project: a poll without its own timeout is sized for a slow 2-core
  // machine (relay delivery, RPC pings, a backend under load), never vitest's 1 s default.
  expect: { poll: { timeout: 15_000, interval: 50 } },
}

// Four projects: `unit` runs beside-the-code tests and cross-package suites in Node (or
// happy-dom per file); `unit-postgres` runs every server test again on Postgres;
// `browser` drives Debian's Chromium against a started stack; `cluster` runs the production
// topology (Postgres, Redis, HAProxy, backend instances as child processes) on loopback.
export default defineConfig({
  // Message catalogues compiled as the build compiles them (scripts/icuCatalogues.mjs).
  plugins: [icuCataloguesPlugin()],
  test: {
    reporters: ['default', './test/support/countsReporter.ts'],
    // Two files at a time: vitest's default (CPUs − 1) is one on a 2-core CI machine, and most
    // files wait on chains, sockets and Chromium rather than compute. Every backend, chain, relay
    // and page server binds port 0, and tests use fresh accounts, so files share nothing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{kernel,plugins,chains,ui-shell,server}/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
          exclude: ['test/browser/**', 'test/security/**', 'test/production/**', 'test/cluster/**', '**/node_modules/**', 'dist/**'],
          ...IN_NODE,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-postgres',
          include: ON_BOTH_DATABASES,
          exclude: [...ONLY_ON_SQLITE, '**/node_modules/**', 'dist/**'],
          ...IN_NODE,
          env: { LATCH_TEST_DATABASE: 'postgres' },
          globalSetup: ['test/support/postgres/globalSetup.ts'],
          setupFiles: ['test/support/setupUnit.ts', 'test/support/postgres/onTestDatabase.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts', 'test/security/**/*.test.ts', 'test/production/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A poll without its own timeout waits this long, sized for a slow 2-core machine (chain
          // reads, catalogue pages, lazily loaded views), never vitest's 1 s default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.test.ts'],
          environment: 'node',
          // One cluster at a time: each file starts Postgres, Redis, HAProxy and 4 backend processes.
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 240_000,
          expect: { poll: { timeout: 30_000, interval: 50 } },
        },
      },
    ],
  },
})
