export { databasePlugin } from './databasePlugin.js'
export { openStorage, redactDatabaseUrl, type Storage } from './openStorage.js'
export { Leases } from './Leases.js'
export type { DatabaseSchema, OnrampOrdersTable, NamesTable, SiwxSessionsTable } from './DatabaseSchema.js'
