import { afterEach, describe, expect, it } from 'vitest'
import { CodeInbox } from './CodeInbox.js'
import { codeChannelName } from './codeFieldChannel.js'
import { FrameCodeNotEnteredError } from './errors.js'

// The wallet frame's side of the code channel, with Node's BroadcastChannel standing in for the
// field's page (the whole path, field and frame in Chromium: test/security/secureCodeField.test.ts).
const open: BroadcastChannel[] = []
const closers: Array<() => void> = []
const field = (id: string) => {
  const channel = new BroadcastChannel(codeChannelName(id))
  open.push(channel)
  return channel
}
afterEach(() => {
  open.splice(0).forEach((channel) => channel.close())
  closers.splice(0).forEach((close) => close())
})

let ids = 0
const inboxFor = () => {
  const id = `test-channel-${process.pid}-${++ids}-xxxxxxxx`
  const inbox = new CodeInbox(id)
  closers.push(() => inbox.close())
  return { id, inbox }
}

describe('CodeInbox', () => {
  it('hands the waiting request the code typed in its own field only, and tells the field the verdict', async () => {
    const { id, inbox } = inboxFor()
    const other = field('another-frame-channel-00000')
    const mine = field(id)
    const verdicts: unknown[] = []
    mine.onmessage = (event) => verdicts.push(event.data)
    const waiting = inbox.next(5_000)
    other.postMessage({ type: 'CODE', code: '999999' })
    mine.postMessage({ type: 'CODE', code: 'abcdef' })
    mine.postMessage({ type: 'CODE', code: '123456' })
    expect(await waiting).toBe('123456')
    inbox.report({ message: 'Invalid code: 4 tries left', code: 'INVALID_CODE', values: { triesLeft: 4 } })
    // With its code and number: the field says it in its own locale.
    await expect.poll(() => verdicts).toEqual([{ type: 'RESULT', error: 'Invalid code: 4 tries left', code: 'INVALID_CODE', values: { triesLeft: 4 } }])
  })

  it('keeps a code typed between two waits for the next one', async () => {
    const { id, inbox } = inboxFor()
    field(id).postMessage({ type: 'CODE', code: '654321' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await inbox.next(5_000)).toBe('654321')
  })

  it('ends a wait with FrameCodeNotEnteredError when nothing is typed in time, or when a newer wait replaces it', async () => {
    const { inbox } = inboxFor()
    await expect(inbox.next(20)).rejects.toThrowError(FrameCodeNotEnteredError)
    const older = inbox.next(5_000)
    const newer = inbox.next(20)
    await expect(older).rejects.toThrowError(FrameCodeNotEnteredError)
    await expect(newer).rejects.toThrowError(FrameCodeNotEnteredError)
  })
})
