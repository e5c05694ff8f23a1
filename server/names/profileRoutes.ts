import type { FastifyPluginAsync } from 'fastify'
import { NameAttributesInvalidError, NameInvalidError, NameMessageExpiredError, NameMessageInvalidError, NameNotFoundError, NameTakenError, nameReasons } from './errors.js'
import { SignatureMismatchError } from '../siwx/errors.js'
import { getAddress, type Hex } from 'viem'
import { verifyAccountMessage } from '../blockchain/verifyAccountMessage.js'
import { AddressString, EvmAddressString, ProjectQuery, SignatureString, projectProperties } from '../http/schemas.js'
import type { NamesTable } from '../plugins/database/DatabaseSchema.js'

type NameRow = NamesTable

/** A registration message older or newer than this is refused, so a signature cannot be replayed later. */
const MESSAGE_MAX_AGE_SECONDS = 10 * 60
const MAX_ATTRIBUTES_CHARS = 4096
/** SPEC §5: letters, digits and hyphens, at least 4 characters. */
const LABEL = /^[a-z0-9-]{4,63}$/

const REOWN_SUFFIX = '.reown.id'
const LEGACY_REOWN_SUFFIX = '.wcn.id'

const NameParams = { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 128 } }, required: ['name'] } as const

/**
 * SPEC §7 name routes under a configurable suffix (`.reown.id` by default): registration only
 * with a personal_sign signature of the registration message checked by viem, stored through the
 * storage layer (SQLite or Postgres);
 * lookup, reverse lookup, suggestions, and `/v1/identity/{address}`.
 */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app
  const suffix = services.nameSuffix
  const { db } = app.storage
  const byName = (name: string) => db.selectFrom('names').selectAll().where('name', '=', name).executeTakeFirst()
  const byAddress = (address: string) => db.selectFrom('names').selectAll().where('address', '=', address).orderBy('created_at').orderBy('name')

  // Names registered before the rename to `.reown.id` were handed out as `.wcn.id`: both name one label (SPEC §9).
  const suffixes = suffix === REOWN_SUFFIX ? [suffix, LEGACY_REOWN_SUFFIX] : [suffix]

  /** `alice`, `alice.reown.id` or the legacy `alice.wcn.id` → `alice.reown.id`; `undefined` when the label is not allowed. */
  const fullName = (input: string): string | undefined => {
    const lower = input.toLowerCase()
    const named = suffixes.find((candidate) => lower.endsWith(candidate))
    const label = named ? lower.slice(0, -named.length) : lower
    return LABEL.test(label) ? `${label}${suffix}` : undefined
  }
  const profile = (row: NameRow) => ({
    name: row.name,
    registered: Math.floor(row.created_at / 1000),
    updated: Math.floor(row.created_at / 1000),
    addresses: { [String(row.coin_type)]: { address: row.address } },
    attributes: JSON.parse(row.attributes) as Record<string, string>,
  })

  app.post<{ Body: { coin_type: number; address: string; message: string; signature: string } }>(
    '/v1/profile/account',
    {
      schema: {
        querystring: ProjectQuery,
        body: {
          type: 'object',
          properties: {
            ...projectProperties,
            coin_type: { type: 'integer', minimum: 0, maximum: 4294967295 },
            address: EvmAddressString,
            message: { type: 'string', minLength: 2, maxLength: 2048 },
            signature: SignatureString,
          },
          required: ['coin_type', 'address', 'message', 'signature'],
        },
      },
    },
    async (request) => {
      const { coin_type, message, signature } = request.body
      const address = getAddress(request.body.address.toLowerCase())
      let parsed: { name?: unknown; attributes?: unknown; timestamp?: unknown }
      try {
        parsed = JSON.parse(message) as typeof parsed
      } catch {
        throw new NameMessageInvalidError()
      }
      if (!parsed || typeof parsed !== 'object' || typeof parsed.name !== 'string' || typeof parsed.timestamp !== 'number')
        throw new NameMessageInvalidError()
      const name = fullName(parsed.name)
      if (!name) throw new NameInvalidError()
      if (Math.abs(Date.now() / 1000 - parsed.timestamp) > MESSAGE_MAX_AGE_SECONDS)
        throw new NameMessageExpiredError()
      const valid = await verifyAccountMessage(services, { address, message, signature: signature as Hex })
      if (!valid) throw new SignatureMismatchError({ of: 'address', body: nameReasons('signature does not match address') })
      const attributes = parsed.attributes === undefined ? {} : parsed.attributes
      // Stored as JSON and served back as Record<string, string>: anything else is refused, never
      // cut (a cut JSON text could not be read back, and every lookup of the name would fail).
      if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes) || Object.values(attributes).some((value) => typeof value !== 'string'))
        throw new NameAttributesInvalidError()
      const storedAttributes = JSON.stringify(attributes)
      if (storedAttributes.length > MAX_ATTRIBUTES_CHARS) throw new NameAttributesInvalidError({ maxChars: MAX_ATTRIBUTES_CHARS })
      const chainId = coin_type === 60 ? 'eip155:1' : coin_type >= 0x80000000 ? `eip155:${coin_type - 0x80000000}` : `coin:${coin_type}`
      // One statement settles races on any database: whoever inserts first owns the name, the
      // others insert nothing (no row returned) and hear 409, never a unique-key 500.
      const inserted = await db
        .insertInto('names')
        .values({ name, address, coin_type, chain_id: chainId, attributes: storedAttributes, created_at: Date.now() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('name')
        .executeTakeFirst()
      if (!inserted) throw new NameTakenError({ name })
      return { success: true, name }
    },
  )

  app.get<{ Params: { name: string } }>(
    '/v1/profile/account/:name',
    { schema: { params: NameParams, querystring: { type: 'object', properties: { ...projectProperties, apiVersion: { type: 'string', maxLength: 8 } }, required: ['projectId'] } } },
    async (request) => {
      const name = fullName(request.params.name)
      const row = name ? await byName(name) : undefined
      if (!row) throw new NameNotFoundError({ name: request.params.name })
      return profile(row)
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/profile/reverse/:address',
    {
      schema: {
        params: { type: 'object', properties: { address: AddressString }, required: ['address'] },
        querystring: { type: 'object', properties: { ...projectProperties, sender: { type: 'string', maxLength: 64 }, apiVersion: { type: 'string', maxLength: 8 } }, required: ['projectId'] },
      },
    },
    async (request) => (await byAddress(normalise(request.params.address)).execute()).map(profile),
  )

  app.get<{ Params: { name: string }; Querystring: { zone?: string } }>(
    '/v1/profile/suggestions/:name',
    { schema: { params: NameParams, querystring: { type: 'object', properties: { ...projectProperties, zone: { type: 'string', maxLength: 64 } }, required: ['projectId'] } } },
    async (request) => {
      const base = request.params.name.toLowerCase().split('.')[0]!.replace(/[^a-z0-9-]/g, '').slice(0, 50)
      // Names are only registered under our suffix: another zone has nothing to suggest.
      const zone = request.query.zone?.toLowerCase().replace(/^\./, '')
      if (base.length === 0 || (zone !== undefined && `.${zone}` !== suffix)) return { suggestions: [] }
      const labels = [base, `${base}-wallet`, `${base}-web3`, `${base}1`, `${base}42`, `the-${base}`, `${base}-${new Date().getUTCFullYear()}`]
      const names = [...new Set(labels.map((label) => fullName(label)).filter((name): name is string => name !== undefined))]
      const taken = new Set(names.length ? (await db.selectFrom('names').select('name').where('name', 'in', names).execute()).map((row) => row.name) : [])
      const suggestions = labels
        .map((label) => fullName(label))
        .filter((name): name is string => name !== undefined)
        .map((name) => ({ name, registered: taken.has(name) }))
      return { suggestions }
    },
  )

  app.get<{ Params: { address: string } }>(
    '/v1/identity/:address',
    {
      schema: {
        params: { type: 'object', properties: { address: AddressString }, required: ['address'] },
        querystring: { type: 'object', properties: { ...projectProperties, sender: { type: 'string', maxLength: 64 } }, required: ['projectId'] },
      },
    },
    async (request) => {
      const row = await byAddress(normalise(request.params.address)).executeTakeFirst()
      // The avatar the owner set when registering; the kit shows only http(s) and data:image URLs.
      const avatar = row ? (JSON.parse(row.attributes) as Record<string, string>).avatar : undefined
      return { name: row?.name ?? null, avatar: avatar ?? null }
    },
  )
}

/** Names store checksummed EVM addresses; Solana ones as given. */
function normalise(address: string): string {
  return address.startsWith('0x') ? getAddress(address.toLowerCase()) : address
}
