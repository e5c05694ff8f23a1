// Apart from the pairing store, which needs MobX and loads only once a kit starts (issue 32).
/** SPEC §4, §9: a pairing lasts 4 minutes and counts as expired with under 10 s left. */
export const PAIRING_TTL_MS = 4 * 60_000
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
