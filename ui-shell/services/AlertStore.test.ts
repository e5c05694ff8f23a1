import { describe, expect, it } from 'vitest'
import { AlertStore, type Alert } from './AlertStore.js'

const alert = (code: string, variant?: Alert['variant']): Alert => ({ code, shortMessage: code, longMessage: `${code} in full`, variant })

describe('AlertStore', () => {
  it('raises an alert without a variant as info (SPEC §4), and tells the kit so', () => {
    const told: Alert[] = []
    const store = new AlertStore((raised) => told.push(raised))
    store.raise(alert('A'))
    store.raise(alert('B', 'error'))
    expect(store.alerts.map((a) => [a.code, a.variant])).toEqual([['A', 'info'], ['B', 'error']])
    expect(told.map((a) => a.variant)).toEqual(['info', 'error'])
  })

  it('keeps one alert per code, the latest last, until dismissed', () => {
    const store = new AlertStore()
    store.raise(alert('A', 'warning'))
    store.raise(alert('B'))
    store.raise(alert('A', 'error'))
    expect(store.alerts.map((a) => [a.code, a.variant])).toEqual([['B', 'info'], ['A', 'error']])
    store.dismiss('A')
    expect(store.alerts.map((a) => a.code)).toEqual(['B'])
  })
})
