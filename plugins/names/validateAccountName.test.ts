import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NameRules, toLabel, validateAccountName } from './validateAccountName.js'

describe('validateAccountName (SPEC §5: letters, digits, hyphen; at least 4 characters)', () => {
  it.each([
    ['abc', NameRules.tooShort],
    ['', NameRules.tooShort],
    ['bad name', NameRules.characters],
    ['ali_ce', NameRules.characters],
    ['zoë-1', NameRules.characters],
    ['<b>x</b>', NameRules.characters],
    ['a'.repeat(64), NameRules.tooLong],
  ])('refuses %j with %j', (input, rule) => {
    expect(validateAccountName(input)).toBe(rule)
  })

  it.each(['alice', 'Alice-42', 'abcd', '0000', 'alice.reown.id', ' alice '])('accepts %j', (input) => {
    expect(validateAccountName(input)).toBeUndefined()
  })

  it('says the characters are wrong before the length: typing more would not fix them', () => {
    expect(validateAccountName('a b')).toBe(NameRules.characters)
  })

  it('property (seed 20261123): a label of allowed characters is judged by its length alone', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9-]{0,70}$/), (label) => {
        const expected = label.length < 4 ? NameRules.tooShort : label.length > 63 ? NameRules.tooLong : undefined
        expect(validateAccountName(label)).toBe(expected)
      }),
      { seed: 20261123 },
    )
  })

  it('property (seed 20261123): any other character is refused with the characters rule', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 20 }), fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[a-z0-9.-]/i.test(c) && c.trim() !== ''), (label, bad) => {
        expect(validateAccountName(`${label.replace(/[^a-z0-9-]/gi, '')}x${bad}`)).toBe(NameRules.characters)
      }),
      { seed: 20261123 },
    )
  })

  it('reads the label the server stores: lower case, without the suffix', () => {
    expect(toLabel('  Alice.Reown.ID ')).toBe('alice')
  })
})
