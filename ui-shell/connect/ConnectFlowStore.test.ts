import { describe, expect, it } from 'vitest'
import { KitError } from '../../kernel/index.js'
import { ConnectFlowStore } from './ConnectFlowStore.js'

class RejectedError extends KitError {
  constructor() {
    super('Connection rejected', { code: 'KIT_CONNECTION_REJECTED' })
  }
}

describe('ConnectFlowStore', () => {
  it('connects and reports connected', async () => {
    const calls: unknown[] = []
    const flow = new ConnectFlowStore(() => ({ connect: async (...args) => (calls.push(args), 'eip155:1:0xabc') }))
    expect(await flow.start('io.metamask', 'eip155')).toBe(true)
    expect(flow.status).toBe('connected')
    expect(calls).toEqual([['io.metamask', { namespace: 'eip155' }]])
  })

  it('keeps the error the wallet gave and retries the same connector', async () => {
    let reject = true
    const flow = new ConnectFlowStore(() => ({
      connect: async () => {
        if (reject) throw new RejectedError()
        return 'eip155:1:0xabc'
      },
    }))
    expect(await flow.start('io.metamask')).toBe(false)
    expect(flow.status).toBe('failed')
    expect(flow.error?.shortMessage).toBe('Connection rejected')
    reject = false
    expect(await flow.retry()).toBe(true)
    expect(flow.status).toBe('connected')
    expect(flow.error).toBeUndefined()
  })

  it('ignores the outcome of an attempt that a newer one replaced', async () => {
    let finishFirst!: () => void
    let calls = 0
    const flow = new ConnectFlowStore(() => ({
      connect: () =>
        ++calls === 1
          ? new Promise<string>((_resolve, reject) => (finishFirst = () => reject(new RejectedError())))
          : Promise.resolve('eip155:1:0xabc'),
    }))
    const first = flow.start('a')
    await flow.start('b')
    finishFirst()
    await first
    expect(flow.status).toBe('connected')
    expect(flow.connectorId).toBe('b')
  })
})
