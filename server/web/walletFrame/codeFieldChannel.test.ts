import { describe, expect, it } from 'vitest'
import { parseCodeFieldMessage } from './codeFieldChannel.js'

describe('a message on the code field channel', () => {
  it('passes a verdict with its sentence, reply code and numbers', () => {
    const refused = { type: 'RESULT', error: 'Invalid code: 4 tries left', code: 'INVALID_CODE', values: { triesLeft: 4 } }
    expect(parseCodeFieldMessage(refused)).toEqual(refused)
    expect(parseCodeFieldMessage({ type: 'RESULT' })).toEqual({ type: 'RESULT' })
  })

  it('drops a verdict whose code or numbers are not of the protocol', () => {
    expect(parseCodeFieldMessage({ type: 'RESULT', error: 'x', code: '<img src=x>' })).toBeUndefined()
    expect(parseCodeFieldMessage({ type: 'RESULT', error: 'x', code: 'INVALID_CODE', values: { triesLeft: '4' } })).toBeUndefined()
    expect(parseCodeFieldMessage({ type: 'RESULT', error: 'x', code: 'INVALID_CODE', values: { triesLeft: 1.5 } })).toBeUndefined()
    expect(parseCodeFieldMessage({ type: 'RESULT', error: 'x', code: 'INVALID_CODE', values: { details: 4 } })).toBeUndefined()
  })
})
