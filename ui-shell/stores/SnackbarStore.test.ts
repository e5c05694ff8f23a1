import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SnackbarStore } from './SnackbarStore.js'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('SnackbarStore', () => {
  it('shows a message at once when none is open', () => {
    const snackbar = new SnackbarStore()
    snackbar.showLoading('Sending...')
    expect(snackbar.current).toEqual({ message: 'Sending...', variant: 'loading' })
  })

  it('hides the open message and shows the new one after 150 ms', () => {
    const snackbar = new SnackbarStore()
    snackbar.showLoading('Sending...')
    snackbar.showSuccess('Sent')
    expect(snackbar.current).toBeUndefined()
    vi.advanceTimersByTime(149)
    expect(snackbar.current).toBeUndefined()
    vi.advanceTimersByTime(1)
    expect(snackbar.current).toEqual({ message: 'Sent', variant: 'success' })
  })

  it('hides success and error messages by itself, but keeps loading', () => {
    const snackbar = new SnackbarStore()
    snackbar.showError('Token Balance Unavailable')
    vi.advanceTimersByTime(2_200)
    expect(snackbar.current).toBeUndefined()
    snackbar.showLoading('Waiting for signature')
    vi.advanceTimersByTime(60_000)
    expect(snackbar.current?.variant).toBe('loading')
  })

  it('leaves no timer behind on dispose', () => {
    const snackbar = new SnackbarStore()
    snackbar.showLoading('a')
    snackbar.showError('b')
    snackbar.dispose()
    expect(vi.getTimerCount()).toBe(0)
  })
})
