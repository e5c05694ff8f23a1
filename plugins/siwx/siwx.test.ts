import { describe, expect, it } from 'vitest'
import { createKit } from '../../ui-shell/createKit.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { siwx, SiweAndSiwxConflictError } from './index.js'

describe('given the siwx plugin', () => {
  it('refuses a kit given both siweConfig and siwx, when it is created', () => {
    const make = () => createKit({ siweConfig: {}, siwx: {}, mountModal: false, storage: createMemoryStorage() }, [siwx()])
    expect(make).toThrowError(SiweAndSiwxConflictError)
    expect(make).toThrowError('Cannot set both `siweConfig` and `siwx` options.')
  })

  it('accepts siwx alone', async () => {
    const kit = createKit({ siwx: {}, mountModal: false, storage: createMemoryStorage() }, [siwx()])
    await kit.ready
    expect(kit.getState().plugins.siwx).toBe('loaded')
    await kit.dispose()
  })
})
