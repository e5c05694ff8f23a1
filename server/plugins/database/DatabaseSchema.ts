/**
 * The tables that live behind Kysely (the same rows on SQLite and on Postgres). Timestamps are
 * milliseconds since 1970 (BIGINT on Postgres: `Date.now()` exceeds int4), read back as numbers.
 * Tables not listed here are still reached through the raw better-sqlite3 handle (see README).
 */
export interface DatabaseSchema {
  names: NamesTable
  siwx_nonces: SiwxNoncesTable
  siwx_sessions: SiwxSessionsTable
  siwx_keys: SiwxKeysTable
  onramp_orders: OnrampOrdersTable
  onramp_webhook_events: OnrampWebhookEventsTable
  transfers: TransfersTable
  indexed_blocks: IndexedBlocksTable
  history_log_cursors: HistoryLogCursorsTable
  leases: LeasesTable
  secure_site_login_codes: LoginCodesTable
  secure_site_login_failures: LoginFailuresTable
  secure_site_email_events: EmailEventsTable
  secure_site_social_logins: SocialLoginsTable
  relay_messages: RelayMessagesTable
  projects: ProjectsTable
  events: EventsTable
  sessions: WalletSessionsTable
  secure_site_users: SecureSiteUsersTable
  secure_site_keys: SecureSiteKeysTable
  secure_site_key_shares: SecureSiteKeySharesTable
  secure_site_recovery_vault: SecureSiteRecoveryVaultTable
  secure_site_passkeys: SecureSitePasskeysTable
  secure_site_device_approvals: SecureSiteDeviceApprovalsTable
  secure_site_email_changes: SecureSiteEmailChangesTable
  secure_site_call_batches: SecureSiteCallBatchesTable
  secure_site_social_accounts: SecureSiteSocialAccountsTable
  secure_site_sessions: SecureSiteSessionsTable
  secure_site_refresh_tokens: SecureSiteRefreshTokensTable
  secure_site_account_types: SecureSiteAccountTypesTable
  secure_site_sponsored_operations: SecureSiteSponsoredOperationsTable
}

export interface NamesTable {
  name: string
  address: string
  coin_type: number
  chain_id: string
  attributes: string
  created_at: number
}

export interface SiwxNoncesTable {
  nonce: string
  project_id: string
  expires_at: number
  used_at: number | null
}

export interface SiwxSessionsTable {
  id: string
  project_id: string
  chain_id: string
  address: string
  domain: string
  uri: string
  nonce: string
  issued_at: string
  expiration_time: string | null
  message: string
  signature: string
  created_at: number
  expires_at: number
}

export interface SiwxKeysTable {
  id: number
  secret: Uint8Array
}

export interface OnrampOrdersTable {
  id: string
  destination: string
  network: string
  asset: string
  amount: string
  fiat_amount: string | null
  status: 'pending' | 'paying' | 'paid'
  tx_hash: string | null
  created_at: number
  /** While `paying`: the payer's lease ends then; past it (or NULL, from before leases) the order is payable again. */
  paying_until: number | null
  /** While `paying`: which claim holds the lease, so only that claim settles the order. */
  paying_lease: string | null
}

/** A provider's webhook event, kept so a replay of it is refused (migration 0015). */
export interface OnrampWebhookEventsTable {
  provider: string
  event_id: string
  order_id: string
  received_at: number
}

export interface TransfersTable {
  id?: number
  chain_id: string
  tx_hash: string
  block_number: number
  log_index: number
  mined_at: number
  status: string
  tx_from: string
  tx_to: string | null
  kind: string
  token: string | null
  token_id: string | null
  sender: string
  recipient: string
  value: string
}

export interface IndexedBlocksTable {
  chain_id: string
  last_block: number
  /** The indexed block's hash; NULL in rows from before it was kept. */
  last_hash: string | null
}

/** How far a configured network's Transfer logs have been read for one account (`LogHistoryReader`). */
export interface HistoryLogCursorsTable {
  chain_id: string
  /** Lower-case 0x address. */
  account: string
  /** The block reading started from. */
  first_block: number
  /** The last block read; the next range starts after it. */
  last_block: number
}

/** A job only one instance may run at a time, held until `expires_at` unless renewed. */
export interface LeasesTable {
  name: string
  holder: string
  expires_at: number
}

/** An email login's code on one device: an HMAC, or NULL while the device awaits approval (only the send time counts). */
export interface LoginCodesTable {
  project_id: string
  email: string
  device_id: string
  code_hash: string | null
  sent_at: number
  expires_at: number
}

/** Wrong codes from one (email, device, IP): counted in one statement, so none is lost to a race. */
export interface LoginFailuresTable {
  email: string
  device_id: string
  ip: string
  wrong_tries: number
  last_at: number
  locked_until: number | null
}

/** Mails sent to, and wrong codes for, one address: the hourly caps. */
export interface EmailEventsTable {
  email: string
  kind: 'mail' | 'wrong'
  at: number
}

/** A social login in progress (OpenID state, PKCE verifier, nonce), then its one-time result. */
export interface SocialLoginsTable {
  state: string
  project_id: string | null
  provider: string
  code_verifier: string
  nonce: string
  app_origin: string
  login_secret_hash: string
  created_at: number
  result_hash: string | null
  user_id: string | null
  completed_at: number | null
}

/** A relay message kept until its TTL: what a restart, or another instance, hands its subscribers. */
export interface RelayMessagesTable {
  topic: string
  message: string
  tag: number
  published_at: number
  expires_at: number
  /** The publisher's did:key, never handed its own message back. */
  from_client: string | null
}

/** A project the backend serves; origins and features are JSON text. */
export interface ProjectsTable {
  id: string
  name: string
  allowed_origins: string
  features: string
  /** Milliseconds; every write moves it forward (past its last value), so it also versions the row. */
  updated_at: number
}

/** An analytics or error report (`POST /e`), stored as received. */
export interface EventsTable {
  id?: number
  project_id: string
  event_id: string
  /** The whole body, as JSON. */
  body: string
  received_at: number
}

/** A wallet-session grant (`/v1/sessions/*`): `grant_hash` makes a signed grant count once. */
export interface WalletSessionsTable {
  pci: string
  address: string
  project_id: string
  chain_id: string
  /** JSON array. */
  permissions: string
  created_at: number
  /** Unix seconds, as the grant says. */
  expires_at: number
  revoked_at: number | null
  grant_hash: string | null
}

/** An embedded-wallet user: one per project and email, or project and social account (email NULL). */
export interface SecureSiteUsersTable {
  id: string
  project_id: string
  email: string | null
  evm_address: string
  solana_address: string
  created_at: number
}

/** A whole key from before keys were split, sealed under the master secret. */
export interface SecureSiteKeysTable {
  user_id: string
  kind: 'secp256k1' | 'ed25519'
  public_key: string
  sealed: Buffer
}

/** One share of a split key: `auth` (master secret), `recovery` (a recovery secret) or `passkey` (a passkey's largeBlob secret). */
export interface SecureSiteKeySharesTable {
  user_id: string
  kind: 'secp256k1' | 'ed25519'
  holder: 'auth' | 'recovery' | 'passkey'
  public_key: string
  sealed: Buffer
}

/** A user's recovery secret sealed under the recovery vault key; no row once a passkey seals the wallet. */
export interface SecureSiteRecoveryVaultTable {
  user_id: string
  sealed: Buffer
}

/** A WebAuthn credential: its public key only. */
export interface SecureSitePasskeysTable {
  credential_id: string
  user_id: string
  public_key: Buffer
  counter: number
  transports: string
  created_at: number
}

/** A device approved (or awaiting approval through a mailed link) for an address in a project. */
export interface SecureSiteDeviceApprovalsTable {
  project_id: string
  email: string
  device_id: string
  approval_token: string | null
  approval_expires_at: number | null
  approved_at: number | null
  requested_at: number | null
  app_origin: string | null
  device: string | null
  ip: string | null
}

/** An email change in progress: the code of its current step, and its own wrong-code count. */
export interface SecureSiteEmailChangesTable {
  user_id: string
  new_email: string
  step: 'primary' | 'secondary'
  code_hash: string | null
  sent_at: number
  expires_at: number
  wrong_tries: number
  locked_until: number | null
}

/** A `wallet_sendCalls` batch: its transactions' hashes (JSON), atomic (1) for a smart account's one operation. */
export interface SecureSiteCallBatchesTable {
  id: string
  user_id: string
  chain_id: string
  tx_hashes: string
  created_at: number
  atomic: number
}

/** A social provider's account (issuer and subject) and the user it made. */
export interface SecureSiteSocialAccountsTable {
  project_id: string
  provider: string
  issuer: string
  subject: string
  user_id: string
  username: string | null
  email: string | null
}

/** A session, bound to a device key's thumbprint (`jkt`; NULL in sessions from before DPoP, which end). */
export interface SecureSiteSessionsTable {
  id: string
  user_id: string
  expires_at: number
  ended_at: number | null
  jkt: string | null
  project_id: string | null
  app_origin: string | null
  created_at: number | null
}

/** A refresh token, hashed; `used_at` set by the one exchange that claims it. */
export interface SecureSiteRefreshTokensTable {
  token_hash: string
  session_id: string
  created_at: number
  used_at: number | null
}

/** What a user chose per chain: their EOA or their smart account. */
export interface SecureSiteAccountTypesTable {
  user_id: string
  chain_id: string
  type: 'eoa' | 'smartAccount'
}

/** UserOperations the bundler sponsored for a user in a UTC day (days since 1970). */
export interface SecureSiteSponsoredOperationsTable {
  user_id: string
  day: number
  count: number
}
