import { describe, expect, it } from 'vitest'
import { adminErrorText } from './adminErrorText.js'
import { AdminOriginInvalidError, AdminRateLimitedError, AdminRequestRefusedError, AdminServerError, AdminTokenRejectedError } from './errors.js'

describe('adminErrorText', () => {
  it('30: words each failure from the admin catalogue (English here), the API’s sentence kept apart only where the page cannot word it', () => {
    expect(adminErrorText(new AdminTokenRejectedError())).toEqual({ text: 'Wrong admin token' })
    expect(adminErrorText(new AdminRateLimitedError()).text).toMatch(/^Too many attempts/)
    expect(adminErrorText(new AdminServerError({ status: 503 })).text).toMatch(/^The server did not answer/)
    expect(adminErrorText(new AdminOriginInvalidError({ entry: 'not a url' })).text).toBe('Not an origin: not a url. Write https://shop.example or a pattern such as https://*.shop.example')
    expect(adminErrorText(new AdminOriginInvalidError({ entry: ' * ' })).text).toMatch(/^"\*" is not accepted/)
    expect(adminErrorText(new AdminOriginInvalidError({ entry: '' })).text).toMatch(/^Type an origin first/)
    expect(adminErrorText(new AdminRequestRefusedError({ status: 409, replyCode: 'PROJECT_EXISTS', message: 'A project with the id "shop" exists' }))).toEqual({
      text: 'A project with this id already exists. Choose another id.',
    })
    expect(adminErrorText(new AdminRequestRefusedError({ status: 404, replyCode: 'PROJECT_NOT_FOUND' })).text).toMatch(/^This project no longer exists/)
    expect(adminErrorText(new AdminRequestRefusedError({ status: 400, replyCode: 'INVALID_REQUEST', message: 'body/name must NOT have fewer than 1 characters' }))).toEqual({
      text: 'The server refused this change:',
      apiMessage: 'body/name must NOT have fewer than 1 characters',
    })
  })
})
