/** Which database a migration writes for. */
export type Dialect = 'sqlite' | 'postgres'

/**
 * The few column types that differ between the two databases; everything else is written once.
 * Milliseconds need BIGINT on Postgres (`Date.now()` exceeds int4), bytes are BYTEA there and
 * BLOB on SQLite, and an auto-numbered key is BIGSERIAL there.
 */
export function columnTypes(dialect: Dialect) {
  return dialect === 'sqlite'
    ? ({ dialect, integer: 'integer', millis: 'integer', bytes: 'blob', serial: 'integer' } as const)
    : ({ dialect, integer: 'integer', millis: 'bigint', bytes: 'bytea', serial: 'bigserial' } as const)
}
