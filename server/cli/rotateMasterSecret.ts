import { parseArgs } from 'node:util'
import { readMasterSecretFile } from '../secureSite/readMasterSecretFile.js'
import { resealKeys } from '../secureSite/resealKeys.js'

// `npm run rotate-master-secret -- --data DIR --old FILE --new FILE [--database postgres://…]`: re-seals every stored key
// under the new master secret, in one transaction. The old file may be the dev default inside the
// data folder (`DIR/secure-site.key`): moving off it is a rotation too; the new one must be outside. The server must be stopped: the database is
// taken exclusively, and the command refuses while a server has it open. Then start the server
// with `--master-secret-file` set to the new file. With the storage layer on Postgres (`--database`
// or DATABASE_URL, as the server takes it) the keys are there: every instance must be stopped (a live
// lease refuses the rotation), and the tables are locked while it runs.
const { values } = parseArgs({ options: { data: { type: 'string' }, old: { type: 'string' }, new: { type: 'string' }, database: { type: 'string' } } })
if (!values.data || !values.old || !values.new) {
  console.error('Usage: npm run rotate-master-secret -- --data DIR --old FILE --new FILE [--database postgres://…]')
  process.exit(2)
}
try {
  const databaseUrl = values.database ?? process.env.DATABASE_URL
  const { keys, shares } = await resealKeys({ dataDir: values.data, databaseUrl, oldSecret: readMasterSecretFile(values.old), newSecret: readMasterSecretFile(values.new, { outsideOf: values.data }) })
  console.log(`Re-sealed ${keys} key${keys === 1 ? '' : 's'} under ${values.new}; each opens to its own public key.`)
  if (shares > 0) console.log(`Re-sealed ${shares} auth share${shares === 1 ? '' : 's'} of split keys under ${values.new}.`)
  // Session tokens and emailed-code hashes are keyed by the secret too, so none of them is valid any more.
  console.log('Every session and every pending login or email-change code has ended: users log in again.')
  console.log(`Start the server with --master-secret-file ${values.new}, then remove ${values.old}.`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
