import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { identiconPattern } from './identiconPattern.js'

const hexAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => `0x${Buffer.from(bytes).toString('hex')}`)

describe('identiconPattern', () => {
  it('gives the same picture for the same address, whatever its case (seed 10)', () => {
    fc.assert(
      fc.property(hexAddress, (address) => {
        expect(identiconPattern(address.toUpperCase().replace('0X', '0x'))).toEqual(identiconPattern(address))
      }),
      { seed: 10 },
    )
  })

  it('is mirrored left to right on a 5×5 grid (seed 10)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (address) => {
        const { cells } = identiconPattern(address)
        expect(cells).toHaveLength(25)
        for (let row = 0; row < 5; row++) expect(cells.slice(row * 5, row * 5 + 5)).toEqual(cells.slice(row * 5, row * 5 + 5).reverse())
      }),
      { seed: 10 },
    )
  })

  it('tells neighbouring addresses apart, and a stored address keeps its picture', () => {
    const picture = (address: string) => {
      const { background, foreground, cells } = identiconPattern(address)
      const rows = [0, 1, 2, 3, 4].map((row) => cells.slice(row * 5, row * 5 + 5).map((on) => (on ? '#' : '.')).join(''))
      return [background, foreground, ...rows].join(' ')
    }
    expect(picture('0x14dC79964da2C08b23698B3D3cc7Ca32193d9955')).toMatchInlineSnapshot(`"hsl(194 70% 62%) hsl(344 60% 30%) ##### #...# ..#.. ..... #####"`)
    expect(picture('0x14dC79964da2C08b23698B3D3cc7Ca32193d9956')).not.toBe(picture('0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'))
  })
})
