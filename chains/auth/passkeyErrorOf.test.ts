import { describe, expect, it } from 'vitest'
import { FrameRequestError } from './errors.js'
import { missingShareOf, passkeyErrorOf } from './passkeyErrorOf.js'

const mapped = (sentence: string) => {
  const error = passkeyErrorOf(new FrameRequestError(sentence)) as { name: string; shortMessage: string }
  return [error.name, error.shortMessage]
}

describe('given the frame refuses a passkey request in the secure site’s words', () => {
  it('maps each sentence to the catalogue’s error, keeping the reason', () => {
    expect(mapped("Passkey refused (not this project's wallet): nothing was released")).toEqual(['PasskeyRefusedError', "This passkey was refused (not this project's wallet): nothing changed"])
    expect(mapped("This wallet's recovery share is not sealed by a passkey")).toEqual(['NoPasskeyError', 'This wallet has no passkey: add one from Account on the device you used first'])
    expect(mapped('This device holds no recovery secret of this wallet')[0]).toBe('PasskeyNotAddableError')
    expect(mapped('This device holds no device share of this wallet')[0]).toBe('DeviceShareMissingError')
    expect(mapped('The passkey step did not finish: the passkey window was closed')).toEqual(['PasskeyNotFinishedError', 'The passkey step did not finish (the passkey window was closed): nothing changed'])
    expect(mapped('User rejected the request.')).toEqual(['PasskeyCancelledError', 'Cancelled: nothing changed'])
    expect(mapped('The browser blocked the approval window: allow pop-ups for this site, then try again.')[0]).toBe('SecureWindowBlockedError')
    expect(mapped('Re-split refused (no recovery ticket): the old shares stay')[0]).toBe('RecoveryRefusedError')
  })

  it('leaves a sentence it does not know, and errors that are not the frame’s, as they are', () => {
    const unknown = new FrameRequestError('Something went wrong')
    expect(passkeyErrorOf(unknown)).toBe(unknown)
    const other = new Error('boom')
    expect(passkeyErrorOf(other)).toBe(other)
  })
})

describe('given a signature fails', () => {
  it('reads a split key the server will not sign, or a stale share, as this device lacking its share', () => {
    expect(missingShareOf(new FrameRequestError("This wallet's key is split: only its wallet frame signs, and the server only sends what the frame signed (POST /api/submit/...)"))?.name).toBe('DeviceShareMissingError')
    expect(missingShareOf(new FrameRequestError("This device's key share does not match this wallet: nothing was signed"))?.name).toBe('DeviceShareMissingError')
    expect(missingShareOf(new FrameRequestError('User rejected the request.'))).toBeUndefined()
  })
})
