/** Which database a migration writes for. */
export type Dialect = 'sqlite' | 'postgres'

/**
 * The few column types that differ between the two databases; everything else is written once.
 * `int64` is BIGINT on Postgres, for milliseconds (`Date.now()` exceeds int4), block numbers and
 * SLIP-44 coin types (up to 2^32 - 1); on SQLite every INTEGER is 64 bits. Bytes are BYTEA there and
 * BLOB on SQLite, and an auto-numbered key is BIGSERIAL there.
 */
export function columnTypes(dialect: Dialect) {
  return dialect === 'sqlite'
    ? ({ dialect, integer: 'integer', int64: 'integer', bytes: 'blob', serial: 'integer' } as const)
    : ({ dialect, integer: 'integer', int64: 'bigint', bytes: 'bytea', serial: 'bigserial' } as const)
}
