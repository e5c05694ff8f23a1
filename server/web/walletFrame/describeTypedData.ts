import { BaseError, getAddress, getTypesForEIP712Domain, isAddress, isHex, size, validateTypedData, type TypedDataDefinition } from 'viem'
import { FrameInvalidRequestError } from './errors.js'
import { nameChain } from './nameChain.js'
import type { RequestRow } from './describeRequest.js'
import { t } from './frameText.js'

/** EIP-712 typed data as viem signs it: `types` without EIP712Domain, which viem derives from the domain's keys. */
export type SignableTypedData = TypedDataDefinition<Record<string, unknown>, string>

/** What a card shows of typed data, and the very object that is then signed. */
export interface TypedDataDescription {
  typedData: SignableTypedData
  /** The type, the domain (name, version, chain, verifying contract), then every signed field of the message in type order. */
  rows: RequestRow[]
}

type Field = { name: string; type: string }
type Types = Record<string, Field[]>

const METHOD = 'eth_signTypedData_v4'
/** The domain fields viem hashes (getTypesForEIP712Domain): any other key would be neither signed nor shown. */
const DOMAIN_FIELDS: readonly Field[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]
const DOMAIN_LABELS: Record<string, Parameters<typeof t>[0]> = {
  name: 'typed.domain',
  version: 'typed.domainVersion',
  chainId: 'typed.domainChain',
  verifyingContract: 'typed.verifyingContract',
  salt: 'typed.domainSalt',
}
/** A card is read by a person: past this many fields nobody checks them all, so the request is refused rather than shown in part. */
const MAX_FIELDS = 400
/** Nesting past this is no real protocol's (Permit2 and Seaport stay under 4); it also bounds the recursion. */
const MAX_DEPTH = 16
const ARRAY_TYPE = /^(.+)\[([0-9]*)\]$/
const INTEGER_TYPE = /^(u?)int([0-9]{1,3})$/
const FIXED_BYTES_TYPE = /^bytes([0-9]{1,2})$/

function refuse(reason: string): never {
  throw new FrameInvalidRequestError({ method: METHOD, reason })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Reads `eth_signTypedData_v4` data and lists exactly what its signature covers: the card is
 * built from this walk, and the server signs only what passes the same walk
 * (`WalletOperations`). viem hashes the fields named in `types[primaryType]` and ignores any other
 * message key, so a key outside the type is refused (a decoy shown but not signed, security
 * review H2), as are a missing field, an undefined type, a primaryType absent from `types`, a
 * value the signer would encode otherwise than shown, and a domain `chainId` other than the chain
 * the request came for (a signature for another chain's contract). Nothing is cut: every value is
 * shown whole (the card scrolls).
 *
 * @param data - the request's second param: JSON text or an object
 * @param chainId - the CAIP-2 chain the request came for (the wallet's active chain)
 * @returns the signable typed data and the card's rows
 * @throws FrameInvalidRequestError naming the reason
 *
 * @example
 * const greeting = { types: { Greeting: [{ name: 'text', type: 'string' }] }, primaryType: 'Greeting', domain: {}, message: { text: 'hi' } }
 * describeTypedData(JSON.stringify(greeting), 'eip155:31337').rows
 * // [{ label: 'Type', value: 'Greeting' }, { label: 'Domain', value: 'None' }, …, { label: 'text', value: 'hi' }]
 */
export function describeTypedData(data: unknown, chainId: string): TypedDataDescription {
  let parsed: unknown = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      refuse('the typed data is not JSON')
    }
  }
  if (!isRecord(parsed)) refuse('the typed data is not an object')
  const { primaryType, message } = parsed
  const domain = parsed.domain ?? {}
  const { EIP712Domain: _declaredDomain, ...types } = readTypes(parsed.types)
  if (typeof primaryType !== 'string' || !Object.hasOwn(types, primaryType)) refuse(`primaryType ${String(primaryType)} is not in types`)
  if (!isRecord(domain)) refuse('the domain is not an object')

  const rows: RequestRow[] = [{ label: t('row.type'), value: primaryType }, ...domainRows(domain, chainId)]
  walkStruct(types, primaryType, message, '', rows, 0)
  const typedData = { domain, types, primaryType, message } as SignableTypedData
  try {
    // The signer's own checks (integer ranges, byte sizes, address checksums) on the exact object it will sign.
    validateTypedData({ ...typedData, types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types } } as never)
  } catch (error) {
    refuse(error instanceof BaseError ? error.shortMessage : 'the typed data does not validate')
  }
  return { typedData, rows }
}

/** `types` as EIP-712 defines it; every field's type is an atomic type or a struct it defines. */
function readTypes(value: unknown): Types {
  if (!isRecord(value)) refuse('types is not an object')
  for (const [name, fields] of Object.entries(value)) {
    const isField = (field: unknown) => isRecord(field) && typeof field.name === 'string' && typeof field.type === 'string'
    if (!Array.isArray(fields) || !fields.every(isField)) refuse(`type ${name} is not a list of fields`)
    const names = fields.map((field: Field) => field.name)
    if (new Set(names).size !== names.length) refuse(`type ${name} names a field twice`)
  }
  const types = value as Types
  for (const [name, fields] of Object.entries(types))
    for (const field of fields) {
      const base = field.type.replace(/(\[[0-9]*\])+$/, '')
      if (!Object.hasOwn(types, base) && !isAtomicType(base)) refuse(`type ${field.type} of ${name}.${field.name} is not defined`)
    }
  return types
}

function isAtomicType(type: string): boolean {
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes') return true
  const integer = INTEGER_TYPE.exec(type)
  if (integer) return Number(integer[2]) >= 8 && Number(integer[2]) <= 256 && Number(integer[2]) % 8 === 0
  const bytes = FIXED_BYTES_TYPE.exec(type)
  return bytes !== null && Number(bytes[1]) >= 1 && Number(bytes[1]) <= 32
}

/** The domain's signed fields, each shown (or 'None' when absent, so not signed); another chain's is refused. */
function domainRows(domain: Record<string, unknown>, chainId: string): RequestRow[] {
  for (const key of Object.keys(domain))
    if (!DOMAIN_FIELDS.some((field) => field.name === key)) refuse(`domain key "${key}" is not an EIP-712 domain field`)
  const rows: RequestRow[] = []
  for (const field of DOMAIN_FIELDS) {
    const value = domain[field.name]
    // viem signs a domain field only when it is present (not null or undefined).
    if (value === undefined || value === null) {
      if (field.name === 'salt') continue
      rows.push({ label: t(DOMAIN_LABELS[field.name]!), value: field.name === 'chainId' ? t('typed.noneEveryChain') : t('typed.none') })
      continue
    }
    const shown = atomicValue(field.type, value, `domain.${field.name}`)
    if (field.name === 'chainId') {
      const active = chainId.startsWith('eip155:') ? chainId.slice('eip155:'.length) : undefined
      if (shown !== active) refuse(`the domain's chainId ${shown} is not the active chain ${chainId}`)
      rows.push({ label: t(DOMAIN_LABELS.chainId!), value: nameChain(`eip155:${shown}`) })
    } else rows.push({ label: t(DOMAIN_LABELS[field.name]!), value: shown })
  }
  return rows
}

function walkStruct(types: Types, type: string, value: unknown, path: string, rows: RequestRow[], depth: number): void {
  if (!isRecord(value)) refuse(`${path || 'the message'} is not a ${type}`)
  const fields = types[type]!
  for (const key of Object.keys(value))
    if (!fields.some((field) => field.name === key)) refuse(`${join(path, key)} is not a field of ${type}: it would not be signed`)
  for (const field of fields) {
    if (!Object.hasOwn(value, field.name)) refuse(`${join(path, field.name)} is missing`)
    walkValue(types, field.type, value[field.name], join(path, field.name), rows, depth + 1)
  }
}

function walkValue(types: Types, type: string, value: unknown, path: string, rows: RequestRow[], depth: number): void {
  if (depth > MAX_DEPTH) refuse(`${path} is nested deeper than ${MAX_DEPTH}`)
  const array = ARRAY_TYPE.exec(type)
  if (array) {
    const [, itemType, length] = array as unknown as [string, string, string]
    if (!Array.isArray(value)) refuse(`${path} is not a list`)
    if (length !== '' && value.length !== Number(length)) refuse(`${path} has ${value.length} items, not ${length}`)
    if (value.length === 0) rows.push({ label: path, value: t('typed.emptyList') })
    value.forEach((item, index) => walkValue(types, itemType, item, `${path}[${index}]`, rows, depth + 1))
    return
  }
  if (Object.hasOwn(types, type)) return walkStruct(types, type, value, path, rows, depth)
  rows.push({ label: path, value: atomicValue(type, value, path) })
  if (rows.length > MAX_FIELDS) refuse(`more than ${MAX_FIELDS} fields: too many to show on one card`)
}

/** An atomic value as the signer encodes it (viem's encodeField), in full; anything it would read differently is refused. */
function atomicValue(type: string, value: unknown, path: string): string {
  if (type === 'address') {
    if (typeof value !== 'string' || !isAddress(value)) refuse(`${path} is not an address`)
    return getAddress(value)
  }
  if (type === 'bool') {
    if (typeof value !== 'boolean') refuse(`${path} is not true or false`)
    return String(value)
  }
  if (type === 'string') {
    if (typeof value !== 'string') refuse(`${path} is not text`)
    return value === '' ? t('typed.emptyText') : value
  }
  const integer = INTEGER_TYPE.exec(type)
  if (integer) {
    // viem encodes BigInt(value): a decimal or 0x string and a whole number all count, and are shown in decimal.
    let number: bigint | undefined
    try {
      number = typeof value === 'string' || typeof value === 'number' ? BigInt(value) : undefined
    } catch {
      number = undefined
    }
    const bits = BigInt(integer[2]!)
    const [min, max] = integer[1] === 'u' ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n]
    const blank = typeof value === 'string' && value.trim() === ''
    if (number === undefined || blank || number < min || number > max) refuse(`${path} is not a ${type}`)
    return number.toString()
  }
  const fixed = FIXED_BYTES_TYPE.exec(type)
  if (type === 'bytes' || fixed) {
    // Whole bytes only: an odd digit count would be padded by the signer, so read otherwise than shown.
    const isBytes = typeof value === 'string' && isHex(value, { strict: true }) && value.length % 2 === 0
    if (!isBytes || (fixed && size(value) !== Number(fixed[1]))) refuse(`${path} is not ${type} in hex`)
    return value === '0x' ? t('typed.emptyBytes') : value
  }
  return refuse(`type ${type} of ${path} is not defined`)
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
