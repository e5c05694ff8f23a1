import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './startPostgresCluster.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throwaway cluster (superuser URL); each test file makes its own database in it. */
    postgresUrl: string
  }
}

/** One cluster for every test file of the `unit-postgres` project, removed when the run ends. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster()
  project.provide('postgresUrl', cluster.url)
  return () => cluster.stop()
}
