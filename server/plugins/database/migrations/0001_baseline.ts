/**
 * Once the names, on-ramp orders, history index and SIWX tables in one step; each feature now
 * makes its own (`0001_names`, `0001_onramp_orders`, `0001_history_index`, `0001_siwx`, all
 * `IF NOT EXISTS`). Kept, empty, because databases record its name and the migrator refuses a
 * database whose recorded migrations it no longer knows.
 */
export async function up(): Promise<void> {}
