import { describe, expect, it } from 'vitest'
import { FrameRequestError } from './errors.js'
import { missingShareOf, passkeyErrorOf } from './passkeyErrorOf.js'

const refusal = (frameCode: string, sentence = 'as the frame says it') => new FrameRequestError(sentence, { frameCode })
const mapped = (frameCode: string, sentence?: string) => {
  const error = passkeyErrorOf(refusal(frameCode, sentence)) as { name: string; shortMessage: string }
  return [error.name, error.shortMessage]
}

describe('given the frame refuses a passkey request with a code', () => {
  it('maps each code to the catalogue’s error, keeping the reason its sentence gives', () => {
    expect(mapped('PASSKEY_REFUSED', "Passkey refused (not this project's wallet): nothing was released")).toEqual(['PasskeyRefusedError', "This passkey was refused (not this project's wallet): nothing changed"])
    expect(mapped('NO_PASSKEY')).toEqual(['NoPasskeyError', 'This wallet has no passkey: add one from Account on the device you used first'])
    expect(mapped('KIT_FRAME_NO_DEVICE_SHARE', 'This device holds no recovery secret of this wallet')[0]).toBe('PasskeyNotAddableError')
    expect(mapped('KIT_FRAME_NO_DEVICE_SHARE', 'This device holds no device share of this wallet')[0]).toBe('DeviceShareMissingError')
    expect(mapped('KIT_FRAME_PASSKEY_FAILED', 'The passkey step did not finish: the passkey window was closed')).toEqual(['PasskeyNotFinishedError', 'The passkey step did not finish (the passkey window was closed): nothing changed'])
    expect(mapped('KIT_FRAME_USER_REJECTED')).toEqual(['PasskeyCancelledError', 'Cancelled: nothing changed'])
    expect(mapped('KIT_FRAME_APPROVAL_WINDOW_BLOCKED')[0]).toBe('SecureWindowBlockedError')
    expect(mapped('RESHARE_REFUSED')[0]).toBe('RecoveryRefusedError')
  })

  it('leaves an unknown code, a refusal without one, and errors that are not the frame’s, as they are', () => {
    for (const error of [refusal('KIT_FRAME_NETWORK_ERROR'), new FrameRequestError('Something went wrong'), new Error('boom')]) expect(passkeyErrorOf(error)).toBe(error)
  })
})

describe('given a signature fails', () => {
  it('reads a missing or stale share, or a split key the server will not sign, as this device lacking its share', () => {
    for (const code of ['KIT_FRAME_NO_DEVICE_SHARE', 'KIT_FRAME_KEY_SHARES_MISMATCH', 'SIGN_IN_FRAME']) expect(missingShareOf(refusal(code))?.name).toBe('DeviceShareMissingError')
    expect(missingShareOf(refusal('KIT_FRAME_USER_REJECTED'))).toBeUndefined()
  })
})
