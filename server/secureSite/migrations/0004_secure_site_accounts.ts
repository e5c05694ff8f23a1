import { sql, type Kysely } from 'kysely'
import { columnTypes, type Dialect } from '../../plugins/database/migrations/columnTypes.js'

/**
 * The rest of the secure site moves to the storage layer (issue 28): users, keys and key shares,
 * the recovery vault, passkeys, approved devices, email changes, call batches, social accounts,
 * sessions and refresh tokens, account types and the sponsorship quota. Written `IF NOT EXISTS`
 * with the columns `createSecureSiteTables`, `SmartAccounts` and `SponsorshipQuota` made, in their
 * order, so an existing SQLite file adopts it unchanged; a file from before app-scoped wallets or
 * device-bound sessions is still brought up to date by `createSecureSiteTables` after it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const type = columnTypes(dialect)
  await db.schema
    .createTable('secure_site_users')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text')
    .addColumn('evm_address', 'text', (column) => column.notNull())
    .addColumn('solana_address', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addUniqueConstraint('secure_site_users_project_email', ['project_id', 'email'])
    .execute()

  await db.schema
    .createTable('secure_site_keys')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('sealed', type.bytes, (column) => column.notNull())
    .addPrimaryKeyConstraint('secure_site_keys_pkey', ['user_id', 'kind'])
    .execute()

  await db.schema
    .createTable('secure_site_key_shares')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('sealed', type.bytes, (column) => column.notNull())
    .addPrimaryKeyConstraint('secure_site_key_shares_pkey', ['user_id', 'kind', 'holder'])
    .execute()

  await db.schema
    .createTable('secure_site_recovery_vault')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('sealed', type.bytes, (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('secure_site_passkeys')
    .ifNotExists()
    .addColumn('credential_id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('public_key', type.bytes, (column) => column.notNull())
    // WebAuthn's signature counter is 32 bits unsigned: above int4.
    .addColumn('counter', type.int64, (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .execute()
  await db.schema.createIndex('secure_site_passkeys_user').ifNotExists().on('secure_site_passkeys').column('user_id').execute()

  await db.schema
    .createTable('secure_site_device_approvals')
    .ifNotExists()
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('approval_token', 'text', (column) => column.unique())
    .addColumn('approval_expires_at', type.int64)
    .addColumn('approved_at', type.int64)
    .addColumn('requested_at', type.int64)
    .addColumn('app_origin', 'text')
    .addColumn('device', 'text')
    .addColumn('ip', 'text')
    .addPrimaryKeyConstraint('secure_site_device_approvals_pkey', ['project_id', 'email', 'device_id'])
    .execute()

  await db.schema
    .createTable('secure_site_email_changes')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.primaryKey())
    .addColumn('new_email', 'text', (column) => column.notNull())
    .addColumn('step', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('sent_at', type.int64, (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addColumn('wrong_tries', type.integer, (column) => column.notNull())
    .addColumn('locked_until', type.int64)
    .execute()

  await db.schema
    .createTable('secure_site_call_batches')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('tx_hashes', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addColumn('atomic', type.integer, (column) => column.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('secure_site_social_accounts')
    .ifNotExists()
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('issuer', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull().unique())
    .addColumn('username', 'text')
    .addColumn('email', 'text')
    .addPrimaryKeyConstraint('secure_site_social_accounts_pkey', ['project_id', 'provider', 'issuer', 'subject'])
    .execute()

  await db.schema
    .createTable('secure_site_sessions')
    .ifNotExists()
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('expires_at', type.int64, (column) => column.notNull())
    .addColumn('ended_at', type.int64)
    .addColumn('jkt', 'text')
    .addColumn('project_id', 'text')
    .addColumn('app_origin', 'text')
    .addColumn('created_at', type.int64)
    .execute()
  await db.schema.createIndex('secure_site_sessions_user').ifNotExists().on('secure_site_sessions').column('user_id').execute()

  await db.schema
    .createTable('secure_site_refresh_tokens')
    .ifNotExists()
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('created_at', type.int64, (column) => column.notNull())
    .addColumn('used_at', type.int64)
    .execute()
  await db.schema.createIndex('secure_site_refresh_tokens_session').ifNotExists().on('secure_site_refresh_tokens').column('session_id').execute()

  await db.schema
    .createTable('secure_site_account_types')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull().check(sql`type IN ('eoa', 'smartAccount')`))
    .addPrimaryKeyConstraint('secure_site_account_types_pkey', ['user_id', 'chain_id'])
    .execute()

  await db.schema
    .createTable('secure_site_sponsored_operations')
    .ifNotExists()
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('day', type.integer, (column) => column.notNull())
    .addColumn('count', type.integer, (column) => column.notNull())
    .addPrimaryKeyConstraint('secure_site_sponsored_operations_pkey', ['user_id', 'day'])
    .execute()
}
