// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { observable, runInAction } from 'mobx'
import { useLayoutEffect } from 'react'
import { afterEach, expect, it } from 'vitest'
import type { Kit, KitState } from '../../kernel/index.js'
import { KitContext } from './KitContext.js'
import { useKitState } from './useKitState.js'

afterEach(cleanup)

/** A kit whose state is one observable network name: what `useKitState` reads of a real kit. */
function kitWithNetwork() {
  const state = observable({ networkName: undefined as string | undefined })
  const kit = {
    getState: () => ({ ready: true, features: {}, plugins: {}, networkName: state.networkName }) as unknown as KitState,
    on: () => () => {},
  }
  return { kit: kit as unknown as Kit, state }
}

function NetworkName() {
  return <span data-testid="network">{useKitState((state) => (state as { networkName?: string }).networkName ?? 'Select Network')}</span>
}

/** Changes the network after the render and before the passive effects that subscribe. */
function ChangeBeforeSubscribe({ change }: { change: () => void }) {
  useLayoutEffect(() => change(), [change])
  return null
}

it('shows a change that lands between the render and its subscription', async () => {
  const { kit, state } = kitWithNetwork()
  const change = () => void runInAction(() => (state.networkName = 'Latch Local'))
  await act(async () => {
    render(
      <KitContext.Provider value={kit}>
        <NetworkName />
        <ChangeBeforeSubscribe change={change} />
      </KitContext.Provider>,
    )
  })
  expect(state.networkName).toBe('Latch Local')
  expect(screen.getByTestId('network').textContent).toBe('Latch Local')
})

it('follows later changes', async () => {
  const { kit, state } = kitWithNetwork()
  await act(async () => {
    render(
      <KitContext.Provider value={kit}>
        <NetworkName />
      </KitContext.Provider>,
    )
  })
  expect(screen.getByTestId('network').textContent).toBe('Select Network')
  await act(async () => runInAction(() => (state.networkName = 'Latch Local 31338')))
  expect(screen.getByTestId('network').textContent).toBe('Latch Local 31338')
})
