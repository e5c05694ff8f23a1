import { describe, expect, it } from 'vitest'
import { DevMailbox } from './DevMailbox.js'

describe('DevMailbox', () => {
  it('picks out the code and the approval link, per address, oldest first', () => {
    const mailbox = new DevMailbox()
    mailbox.add({ to: 'A@Example.com', subject: 'Approve', text: 'App: Shop 100200 (https://shop.example)\nOpen http://127.0.0.1:5546/device/approve?token=123456abc_-Z to approve' })
    mailbox.add({ to: 'b@example.com', subject: 'Code', text: 'Your login code is 042917.' })
    mailbox.add({ to: 'a@example.com', subject: 'Code', text: 'Your login code is 555555.' })
    const [approval, code] = mailbox.for('a@EXAMPLE.com')
    expect(approval).toMatchObject({ to: 'a@example.com', link: 'http://127.0.0.1:5546/device/approve?token=123456abc_-Z' })
    // An approval mail carries no code: six digits in its token or in an app's name are not one.
    expect(approval!.code).toBeUndefined()
    expect(code).toMatchObject({ code: '555555' })
    expect(code!.link).toBeUndefined()
    expect(mailbox.for('b@example.com').map((message) => message.code)).toEqual(['042917'])
    expect(mailbox.for('nobody@example.com')).toEqual([])
  })
})
