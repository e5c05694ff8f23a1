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

/** An EVM (0x + 40 hex) or Solana (base58, 32-44) address (SPEC §5). */
export const AddressString = { type: 'string', pattern: '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' } as const

/** An EVM address only. */
export const EvmAddressString = { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' } as const

/** A CAIP-2 network id, e.g. `eip155:31337` (SPEC §5: two non-empty parts). */
export const CaipNetworkIdString = { type: 'string', pattern: '^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$' } as const

/** A CAIP-10 account id or a bare address. */
export const CaipAddressOrAddress = {
  type: 'string',
  pattern: '^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:)?(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$',
} as const

/** A positive decimal amount in base units or as a decimal string. */
export const AmountString = { type: 'string', pattern: '^[0-9]{1,60}(\\.[0-9]{1,36})?$' } as const
