import { describe, expect, it } from 'vitest'
import { checkShellOptions } from './checkShellOptions.js'
import { InvalidOptionsError } from './errors/shell.js'

const refusal = (options: unknown) => {
  try {
    checkShellOptions(options)
  } catch (error) {
    return error as { code: string; details: string }
  }
  return undefined
}

describe('checkShellOptions', () => {
  it('accepts every option of its type, and options it does not know', () => {
    const options = {
      projectId: 'p',
      apiUrl: 'https://api.example',
      restrictedRegionUrls: { apiUrl: 'http://127.0.0.1:1' },
      metadata: { name: 'Shop', icons: ['https://shop.example/i.png'] },
      themeMode: 'light',
      locale: 'pt-BR',
      messages: { 'modal.close': 'Shut', fr: { 'modal.close': 'Fermer' } },
      themeVariables: { '--latch-radius': 8 },
      features: { email: false, connectMethodsOrder: ['wallet', 'email'] },
      pluginSetupTimeoutMs: 0,
      storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
      storagePrefix: undefined,
      somePluginsOwn: 42,
    }
    expect(refusal(options)).toBeUndefined()
  })

  it.each([
    [{ apiUrl: 'ftp://files.example' }, 'createKit option "apiUrl": must be an http(s) URL'],
    [{ projectId: 'p', metadata: { name: 7 } }, 'createKit option "metadata.name"'],
    [{ restrictedRegionUrls: { apiUrl: 'https://ok.example', extra: 1 } }, 'createKit option "restrictedRegionUrls.extra"'],
    [{ themeVariables: { '--latch-radius': Infinity } }, 'createKit option "themeVariables.--latch-radius"'],
    [{ storage: { getItem: () => null } }, 'createKit option "storage": must have getItem, setItem and removeItem'],
    // The first wrong option in the order they are checked, whatever order the host wrote them in.
    [{ debug: 'yes', apiUrl: 'nope' }, 'createKit option "apiUrl"'],
  ])('refuses %j with InvalidOptionsError, naming the option', (options, details) => {
    const error = refusal(options)
    expect(error?.code).toBe(InvalidOptionsError.code)
    expect(error?.details).toContain(details)
  })

  it('refuses what is not an options object', () => {
    for (const options of [null, [], 'p'] as unknown[]) expect(refusal(options)?.details).toBe('createKit option "options": must be an object')
  })
})
