import { describe, expect, it } from 'vitest'
import { errorPayloadOf } from './errorPayloadOf.js'
import { FrameNoDeviceShareError, SecureSiteApiError } from './errors.js'

describe('given a request the frame could not serve', () => {
  it('tells the page the sentence and the most precise code: the server’s reply code, else the frame’s', () => {
    const refused = new SecureSiteApiError({ status: 404, message: "This wallet's recovery share is not sealed by a passkey", replyCode: 'NO_PASSKEY' })
    expect(errorPayloadOf(refused)).toEqual({ message: "This wallet's recovery share is not sealed by a passkey", code: 'NO_PASSKEY' })
    expect(errorPayloadOf(new SecureSiteApiError({ status: 502 }))).toEqual({ message: 'HTTP status code: 502', code: 'KIT_FRAME_API_REFUSED' })
    expect(errorPayloadOf(new FrameNoDeviceShareError({ what: 'device share' }))).toEqual({ message: 'This device holds no device share of this wallet', code: 'KIT_FRAME_NO_DEVICE_SHARE' })
  })

  it('passes on the numbers of a refusal, so the kit can say it in its locale', () => {
    const wrong = new SecureSiteApiError({ status: 400, message: 'Invalid code: 4 tries left', replyCode: 'INVALID_CODE', values: { triesLeft: 4 } })
    expect(errorPayloadOf(wrong)).toEqual({ message: 'Invalid code: 4 tries left', code: 'INVALID_CODE', values: { triesLeft: 4 } })
  })

  it('says nothing of an error that is not the catalogue’s', () => {
    expect(errorPayloadOf(new TypeError('secret detail at line 3'))).toEqual({ message: 'Something went wrong' })
  })
})
