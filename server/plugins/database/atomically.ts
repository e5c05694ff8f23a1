import { sql, type Compilable, type CompiledQuery } from 'kysely'
import type { Storage } from './openStorage.js'

/** One statement of an `atomically` transaction. */
export interface AtomicStep {
  query: Compilable<unknown> | CompiledQuery<unknown>
  /** Whether the statement's rows let the transaction go on; false rolls everything back (another request came first). */
  expect?: (rows: unknown[]) => boolean
}

/** `expect` for a conditional statement (… RETURNING) that must have touched a row. */
export const someRow = (rows: unknown[]) => rows.length > 0

const REFUSED = Symbol('atomically: a step was refused')

/**
 * Runs statements as one transaction, each after the one before, with no other statement between
 * them. On Postgres a Kysely transaction, after an advisory lock on `lock` when given (for a
 * check that no row can lock, like counting a window of events). On SQLite the statements are
 * compiled by Kysely and run on the raw better-sqlite3 handle inside one synchronous
 * `transaction()`: a Kysely transaction there would stay open across awaits on the connection the
 * remaining raw code shares (README), and nothing else runs while better-sqlite3 does.
 *
 * @returns each statement's rows; undefined when a step's `expect` said no (nothing was changed)
 * @example
 * const done = await atomically(storage, [{ query: db.deleteFrom('t').where('id', '=', id).returning('id'), expect: someRow }, { query: db.insertInto('u').values(row) }])
 */
export async function atomically(storage: Storage, steps: AtomicStep[], options: { lock?: string } = {}): Promise<unknown[][] | undefined> {
  const compiled = steps.map((step) => ({ query: 'compile' in step.query ? step.query.compile() : step.query, expect: step.expect }))
  try {
    if (storage.dialect === 'sqlite') {
      const handle = storage.sqlite
      if (!handle) throw new Error('atomically: a SQLite storage layer without its handle')
      return handle.transaction(() =>
        compiled.map(({ query, expect }) => {
          const statement = handle.prepare(query.sql)
          const parameters = query.parameters as unknown[]
          const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), [])
          if (expect && !expect(rows)) throw REFUSED
          return rows
        }),
      )()
    }
    return await storage.db.transaction().execute(async (trx) => {
      if (options.lock) await sql`SELECT pg_advisory_xact_lock(hashtextextended(${options.lock}, 0))`.execute(trx)
      const results: unknown[][] = []
      for (const { query, expect } of compiled) {
        const { rows } = await trx.executeQuery(query)
        if (expect && !expect(rows)) throw REFUSED
        results.push(rows)
      }
      return results
    })
  } catch (error) {
    if (error === REFUSED) return undefined
    throw error
  }
}
