/** JSON-schema fragments shared by the routes (Fastify validates with ajv). */

/** `projectId` plus the SDK's `st` and `sv` (SPEC §7: every call carries them). */
export const projectProperties = {
  projectId: { type: 'string', minLength: 1, maxLength: 128 },
  st: { type: 'string', maxLength: 64 },
  sv: { type: 'string', maxLength: 64 },
} as const

export const ProjectQuery = {
  type: 'object',
  properties: projectProperties,
  required: ['projectId'],
} as const

/** Pattern parts, written once: an EVM address (0x + 40 hex), a Solana one (base58, 32-44). */
const EVM_ADDRESS = '0x[0-9a-fA-F]{40}'
const SOLANA_ADDRESS = '[1-9A-HJ-NP-Za-km-z]{32,44}'

/** An EVM or Solana address (SPEC §5). */
export const AddressString = { type: 'string', pattern: `^(${EVM_ADDRESS}|${SOLANA_ADDRESS})$` } as const

/** An EVM address only. */
export const EvmAddressString = { type: 'string', pattern: `^${EVM_ADDRESS}$` } as const

/** An EVM address, bare or as a CAIP-10 account (`eip155:1:0x…`). */
export const EvmAccountString = { type: 'string', pattern: `^(eip155:[0-9]{1,32}:)?${EVM_ADDRESS}$` } as const

/** A personal_sign signature: 65 bytes, or longer (ERC-6492 wraps smart-account signatures). */
export const SignatureString = { type: 'string', pattern: '^0x[0-9a-fA-F]{130,}$', maxLength: 4096 } as const

/** A CAIP-2 network id, e.g. `eip155:31337` (SPEC §5: two non-empty parts). */
export const CaipNetworkIdString = { type: 'string', pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' } as const

/** A CAIP-10 account id or a bare address. */
export const CaipAddressOrAddress = {
  type: 'string',
  pattern: `^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:)?(${EVM_ADDRESS}|${SOLANA_ADDRESS})$`,
} as const

/** A positive decimal amount in base units or as a decimal string. */
export const AmountString = { type: 'string', pattern: '^[0-9]{1,60}(\\.[0-9]{1,36})?$' } as const

/** A CAIP-10 address as the convert API takes it (`eip155:31337:0x…`). */
export const CaipAccount = { type: 'string', minLength: 5, maxLength: 120, pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-_a-zA-Z0-9]{1,64}$' } as const

/** Base units (no decimal point): what the kit sends. */
export const BaseUnits = { type: 'string', pattern: '^[0-9]{1,78}$' } as const
