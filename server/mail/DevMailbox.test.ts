import { describe, expect, it } from 'vitest'
import { DevMailbox } from './DevMailbox.js'

describe('DevMailbox', () => {
  it('picks out the code and the approval link, per address, oldest first', () => {
    const mailbox = new DevMailbox()
    mailbox.add({ to: 'A@Example.com', subject: 'Approve', text: 'Open http://127.0.0.1:5546/device/approve?token=123456abc_-Z to approve' })
    mailbox.add({ to: 'b@example.com', subject: 'Code', text: 'Your login code is 042917.' })
    mailbox.add({ to: 'a@example.com', subject: 'Code', text: 'Your login code is 555555.' })
    const [approval, code] = mailbox.for('a@EXAMPLE.com')
    expect(approval).toMatchObject({ to: 'a@example.com', link: 'http://127.0.0.1:5546/device/approve?token=123456abc_-Z' })
    // Six digits inside the link's token are not a code.
    expect(approval!.code).toBeUndefined()
    expect(code).toMatchObject({ code: '555555' })
    expect(code!.link).toBeUndefined()
    expect(mailbox.for('b@example.com').map((message) => message.code)).toEqual(['042917'])
    expect(mailbox.for('nobody@example.com')).toEqual([])
  })
})
