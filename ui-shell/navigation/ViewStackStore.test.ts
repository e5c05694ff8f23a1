import { describe, expect, it } from 'vitest'
import { ViewStackStore } from './ViewStackStore.js'

const views = (stack: ViewStackStore) => stack.history.map((entry) => entry.view)

describe('ViewStackStore', () => {
  it('pushes, replaces, goes back and resets', () => {
    const stack = new ViewStackStore()
    stack.reset('Connect')
    stack.push('AllWallets')
    stack.push('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(views(stack)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    expect(stack.current).toEqual({ view: 'ConnectingExternal', data: { connectorId: 'io.metamask' } })

    stack.replace('ConnectingWalletConnect')
    expect(views(stack)).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
    expect(stack.back()).toBe(true)
    expect(stack.current?.view).toBe('AllWallets')
    stack.reset('Account')
    expect(views(stack)).toEqual(['Account'])
  })

  it('refuses to pop the last view', () => {
    const stack = new ViewStackStore()
    stack.reset('Connect')
    expect(stack.canGoBack).toBe(false)
    expect(stack.back()).toBe(false)
    expect(views(stack)).toEqual(['Connect'])
  })

  it('updates the data instead of stacking the same view twice', () => {
    const stack = new ViewStackStore()
    stack.reset('Connect')
    stack.push('Step', { step: 1 })
    stack.push('Step', { step: 2 })
    expect(stack.history).toEqual([{ view: 'Connect' }, { view: 'Step', data: { step: 2 } }])
  })

  it('drops every entry of a removed view', () => {
    const stack = new ViewStackStore()
    stack.reset('Connect')
    stack.push('Swap')
    stack.push('SwapPreview')
    stack.removeView('Swap')
    expect(views(stack)).toEqual(['Connect', 'SwapPreview'])
  })
})
