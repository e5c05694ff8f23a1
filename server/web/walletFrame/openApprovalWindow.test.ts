import { describe, expect, it } from 'vitest'
import { openApprovalWindow } from './openApprovalWindow.js'
import { parseApprovalWindowMessage } from './approvalWindowProtocol.js'
import { FrameApprovalWindowBlockedError } from './errors.js'

const SITE = 'https://wallet.example'
const ASKER = { dappName: 'Shop', origin: 'https://shop.example' }
const DESCRIPTION = { title: 'Sign a message', rows: [{ label: 'Message', value: 'hello' }] }

/** A window the frame opened, recording what it is sent, and the frame's message listener. */
function opened() {
  const sent: Array<{ message: unknown; target: string }> = []
  const popup = {
    closed: false,
    postMessage: (message: unknown, target: string) => void sent.push({ message, target }),
    focus() {},
    close: () => void (popup.closed = true),
  }
  let listener: ((event: Partial<MessageEvent>) => void) | undefined
  const listenOn = {
    addEventListener: (_type: string, handler: unknown) => void (listener = handler as typeof listener),
    removeEventListener: () => void (listener = undefined),
  }
  const urls: string[] = []
  const handle = openApprovalWindow(ASKER, DESCRIPTION, {
    origin: SITE,
    listenOn,
    open: (url) => {
      urls.push(url)
      return popup as unknown as Window
    },
  })
  const deliver = (event: Partial<MessageEvent>) => listener?.(event)
  return { handle, popup, sent, urls, deliver, listening: () => listener !== undefined }
}

describe('26: the approval window, from the frame', () => {
  it('opens the secure site\'s /approve and sends the request only to that window, on the site\'s origin', () => {
    const { popup, sent, urls, deliver } = opened()
    expect(urls).toEqual(['https://wallet.example/approve'])
    // Another window, or this window's message from another origin: ignored.
    deliver({ source: {} as Window, origin: SITE, data: { type: 'latch-approval/READY' } })
    deliver({ source: popup as unknown as Window, origin: 'https://shop.example', data: { type: 'latch-approval/READY' } })
    expect(sent).toEqual([])
    deliver({ source: popup as unknown as Window, origin: SITE, data: { type: 'latch-approval/READY' } })
    expect(sent).toEqual([{ message: { type: 'latch-approval/REQUEST', asker: ASKER, description: DESCRIPTION }, target: SITE }])
  })

  it('takes the decision from that window only, then stops listening', async () => {
    const { handle, popup, deliver, listening } = opened()
    let decided: boolean | undefined
    void handle.decision.then((approved) => (decided = approved))
    const approved = { type: 'latch-approval/DECISION', approved: true }
    deliver({ source: {} as Window, origin: SITE, data: approved })
    deliver({ source: popup as unknown as Window, origin: 'https://shop.example', data: approved })
    await Promise.resolve()
    expect(decided).toBeUndefined()
    deliver({ source: popup as unknown as Window, origin: SITE, data: approved })
    expect(await handle.decision).toBe(true)
    expect(listening()).toBe(false)
  })

  it('closes the window and stops listening when the card is answered in the frame', () => {
    const { handle, popup, listening } = opened()
    expect(handle.isOpen()).toBe(true)
    handle.close()
    expect(popup.closed).toBe(true)
    expect(handle.isOpen()).toBe(false)
    expect(listening()).toBe(false)
  })

  it('throws FrameApprovalWindowBlockedError when the browser opens nothing', () => {
    expect(() => openApprovalWindow(ASKER, DESCRIPTION, { origin: SITE, open: () => null })).toThrowError(FrameApprovalWindowBlockedError)
  })
})

describe('parseApprovalWindowMessage', () => {
  it('reads the three messages and refuses anything whose shown fields are not text', () => {
    expect(parseApprovalWindowMessage({ type: 'latch-approval/READY', extra: 1 })).toEqual({ type: 'latch-approval/READY' })
    const declined = { type: 'latch-approval/DECISION', approved: false }
    expect(parseApprovalWindowMessage(declined)).toEqual(declined)
    expect(parseApprovalWindowMessage({ type: 'latch-approval/DECISION', approved: 'yes' })).toBeUndefined()
    const request = { type: 'latch-approval/REQUEST', asker: ASKER, description: DESCRIPTION }
    expect(parseApprovalWindowMessage(request)).toEqual(request)
    expect(parseApprovalWindowMessage({ ...request, description: { title: 'x', rows: [{ label: 'a', value: 1 }] } })).toBeUndefined()
    expect(parseApprovalWindowMessage({ ...request, description: { title: 'x', rows: [null] } })).toBeUndefined()
    expect(parseApprovalWindowMessage({ ...request, asker: { dappName: 'Shop' } })).toBeUndefined()
    expect(parseApprovalWindowMessage('latch-approval/READY')).toBeUndefined()
    expect(parseApprovalWindowMessage(null)).toBeUndefined()
  })
})
