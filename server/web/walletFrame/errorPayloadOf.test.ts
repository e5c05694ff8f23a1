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

  it('says nothing of an error that is not the catalogue’s', () => {
    expect(errorPayloadOf(new TypeError('secret detail at line 3'))).toEqual({ message: 'Something went wrong' })
  })
})
