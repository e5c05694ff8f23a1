import { describe, expect, it } from 'vitest'
import { orderConnectMethods } from './orderConnectMethods.js'
import type { ConnectMethod } from './slotTypes.js'

const section = () => null
const method = (id: string, order?: number): ConnectMethod => ({ id, order, component: section })
const ids = (methods: readonly ConnectMethod[]) => methods.map((m) => m.id)
const all = [method('wallet'), method('email'), method('social')]

describe('orderConnectMethods (SPEC §2)', () => {
  it('defaults to email, social, wallet', () => {
    expect(ids(orderConnectMethods(all, { hasInstalledWallet: false }))).toEqual(['email', 'social', 'wallet'])
  })

  it('puts the wallet first when one is installed', () => {
    expect(ids(orderConnectMethods(all, { hasInstalledWallet: true }))).toEqual(['wallet', 'email', 'social'])
  })

  it('orders only the methods plugins added, and keeps a host order', () => {
    expect(ids(orderConnectMethods([method('wallet'), method('social')], { hasInstalledWallet: false }))).toEqual(['social', 'wallet'])
    expect(ids(orderConnectMethods(all, { hasInstalledWallet: false, hostOrder: ['social', 'wallet', 'email'] }))).toEqual([
      'social',
      'wallet',
      'email',
    ])
    // The host's order wins over 'wallet first'.
    expect(ids(orderConnectMethods(all, { hasInstalledWallet: true, hostOrder: ['email', 'wallet'] }))).toEqual(['email', 'wallet', 'social'])
  })

  it("puts other plugins' methods after SPEC §2's, in the slot's order", () => {
    const ledger = method('ledger', 10)
    const phone = method('phone', 20)
    expect(ids(orderConnectMethods([ledger, ...all, phone], { hasInstalledWallet: false }))).toEqual(['email', 'social', 'wallet', 'ledger', 'phone'])
  })

  it('26: puts the embedded wallet’s passkey login beside email and social', () => {
    const passkey = method('passkey', 10)
    expect(ids(orderConnectMethods([passkey, ...all], { hasInstalledWallet: false }))).toEqual(['email', 'social', 'passkey', 'wallet'])
    expect(ids(orderConnectMethods([passkey, ...all], { hasInstalledWallet: true }))).toEqual(['wallet', 'email', 'social', 'passkey'])
  })

  it('renders nothing for an empty slot', () => {
    expect(orderConnectMethods([], { hasInstalledWallet: true })).toEqual([])
  })
})
