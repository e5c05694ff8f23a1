import fc from 'fast-check'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/caip.js'
import { formatCaipAddress } from './formatCaipAddress.js'
import { formatCaipNetworkId } from './formatCaipNetworkId.js'
import { isEvmAddress } from './isEvmAddress.js'
import { isSolanaAddress } from './isSolanaAddress.js'
import { parseCaipAddress } from './parseCaipAddress.js'
import { parseCaipNetworkId } from './parseCaipNetworkId.js'

const SEED = 20261122
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const hex40 = fc.stringMatching(/^[0-9a-f]{40}$/)
const base58 = (min: number, max: number) =>
  fc.array(fc.constantFrom(...BASE58), { minLength: min, maxLength: max }).map((chars) => chars.join(''))
const evmChainId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
const reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)

/** Only the catalogue error may escape: anything else fails the property. */
function expectOnly(error: new (...args: never[]) => Error, run: () => unknown) {
  try {
    run()
    return true
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(error)
    return false
  }
}

describe(`given CAIP-2 network ids (seed ${SEED})`, () => {
  it('parses and formats back every eip155 chain id', () => {
    fc.assert(
      fc.property(evmChainId, (id) => {
        const caipNetworkId = formatCaipNetworkId('eip155', id)
        expect(parseCaipNetworkId(caipNetworkId)).toEqual({ namespace: 'eip155', reference: String(id), caipNetworkId })
      }),
      { seed: SEED },
    )
  })

  it('round-trips solana, polkadot, bip122 and cosmos references', () => {
    fc.assert(
      fc.property(fc.constantFrom('solana', 'polkadot', 'bip122', 'cosmos' as const), reference, (namespace, ref) => {
        const parsed = parseCaipNetworkId(`${namespace}:${ref}`)
        expect(formatCaipNetworkId(parsed.namespace, parsed.reference)).toBe(`${namespace}:${ref}`)
      }),
      { seed: SEED },
    )
  })

  it('refuses hostile strings with "Invalid CAIP-2 network id" and nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.anything()), (value) => {
        expectOnly(InvalidCaipNetworkIdError, () => parseCaipNetworkId(value))
      }),
      { seed: SEED, numRuns: 2000 },
    )
  })

  it.each([
    ['', 'empty'],
    ['eip155', 'one part'],
    ['eip155:1:2', 'three parts'],
    ['eip155:', 'empty reference'],
    [':1', 'empty namespace'],
    ['ethereum:1', 'unknown namespace'],
    ['eip155:0x1', 'hex chain id'],
    ['eip155:01', 'leading zero'],
    ['solana:' + 'a'.repeat(33), 'reference over 32 characters'],
  ])('refuses %j (%s)', (value) => {
    let thrown: unknown
    try {
      parseCaipNetworkId(value)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(InvalidCaipNetworkIdError)
    expect((thrown as InvalidCaipNetworkIdError).shortMessage).toBe('Invalid CAIP-2 network id')
    expect((thrown as InvalidCaipNetworkIdError).code).toBe('KIT_CAIP_INVALID_NETWORK_ID')
  })
})

describe(`given CAIP-10 addresses (seed ${SEED})`, () => {
  it('keeps EIP-55 checksums through a round-trip', () => {
    fc.assert(
      fc.property(evmChainId, fc.uint8Array({ minLength: 32, maxLength: 32 }), (id, key) => {
        fc.pre(key.some((byte) => byte !== 0))
        let account
        try {
          account = privateKeyToAccount(`0x${Buffer.from(key).toString('hex')}`)
        } catch {
          return fc.pre(false)
        }
        const caipAddress = formatCaipAddress(`eip155:${id}`, account.address)
        const parsed = parseCaipAddress(caipAddress)
        expect(parsed.address).toBe(account.address)
        expect(formatCaipAddress(parsed.caipNetworkId, parsed.address)).toBe(caipAddress)
      }),
      { seed: SEED, numRuns: 50 },
    )
  })

  it('accepts lower-case EVM addresses with or without 0x', () => {
    fc.assert(
      fc.property(hex40, fc.boolean(), (hex, prefixed) => {
        const address = prefixed ? `0x${hex}` : hex
        expect(isEvmAddress(address)).toBe(true)
        expect(parseCaipAddress(`eip155:1:${address}`).address).toBe(address)
      }),
      { seed: SEED },
    )
  })

  it('round-trips Solana addresses of 32 to 44 base58 characters', () => {
    fc.assert(
      fc.property(base58(32, 44), (address) => {
        expect(isSolanaAddress(address)).toBe(true)
        const caip = `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}`
        expect(formatCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address)).toBe(caip)
        expect(parseCaipAddress(caip).address).toBe(address)
      }),
      { seed: SEED },
    )
  })

  it('refuses hostile strings with "Invalid CAIP-10 address" and nothing else', () => {
    const nearMiss = fc
      .tuple(fc.constantFrom('eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'evm', ''), fc.string(), fc.string())
      .map((parts) => parts.join(':'))
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.anything(), nearMiss), (value) => {
        expectOnly(InvalidCaipAddressError, () => parseCaipAddress(value))
      }),
      { seed: SEED, numRuns: 3000 },
    )
  })

  it.each([
    ['eip155:1:0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'a broken EIP-55 checksum'],
    ['eip155:1:0x123', 'a short EVM address'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl', 'non-base58 characters'],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:' + '1'.repeat(45), '45 characters'],
    ['eip155::0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'an empty reference'],
    ['tron:1:TXYZ', 'an unknown namespace'],
  ])('refuses %s (%s)', (value) => {
    let thrown: unknown
    try {
      parseCaipAddress(value)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(InvalidCaipAddressError)
    expect((thrown as InvalidCaipAddressError).shortMessage).toBe('Invalid CAIP-10 address')
    expect((thrown as InvalidCaipAddressError).code).toBe('KIT_CAIP_INVALID_ADDRESS')
  })
})
