import { afterEach, describe, expect, it } from 'vitest'
import { createKernel, createToken, definePlugin, KitDisposedError, TokenNotProvidedError, type Kit } from '../../kernel/index.js'
import { createMemoryStorage } from '../../test/support/createMemoryStorage.js'
import { createStartingKit, NOT_STARTED } from './createStartingKit.js'
import { watchKit } from '../react/watchKit.js'

const GreetingToken = createToken<string>('Greeting')
const greeter = definePlugin({ id: 'greeter', shared: true, setup: (ctx) => ctx.provide(GreetingToken, 'hello') })

const kits: Kit[] = []
afterEach(async () => {
  await Promise.all(kits.splice(0).map((kit) => kit.dispose()))
})

/** A starting kit whose kernel is created when the test says so. */
function startLater() {
  let release!: () => void
  const start = new Promise<() => Kit>((resolve) => {
    release = () => resolve(() => createKernel({ storage: createMemoryStorage() }, [greeter]))
  })
  const kit = createStartingKit({ projectId: 'test' }, start)
  kits.push(kit)
  return { kit, release }
}

describe('a kit whose kernel starts later', () => {
  it('reads as not started, provides nothing and keeps listeners until the kernel is created', async () => {
    const { kit, release } = startLater()
    const heard: string[] = []
    kit.on('kit:ready', () => heard.push('ready'))
    const dropped: string[] = []
    const stop = kit.on('kit:ready', () => dropped.push('ready'))
    stop()
    expect(kit.getState()).toBe(NOT_STARTED)
    expect(kit.isProvided(GreetingToken)).toBe(false)
    expect(() => kit.resolve(GreetingToken)).toThrow(TokenNotProvidedError)

    release()
    await kit.ready
    expect(kit.getState().ready).toBe(true)
    expect(kit.resolve(GreetingToken)).toBe('hello')
    // The kept listener heard the kernel's event; the one taken back before the start did not.
    expect(heard).toEqual(['ready'])
    expect(dropped).toEqual([])
  })

  it("tells watchKit its state once the kernel arrives, then each change (the host's buttons re-render)", async () => {
    const { kit, release } = startLater()
    const seen: boolean[] = []
    const stop = watchKit(kit, () => kit.getState().ready, (ready) => seen.push(ready))
    // Before the kernel there is nothing to follow: the state is the not-started one.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual([])
    release()
    await kit.ready
    stop()
    // Heard when the kernel came (not ready yet) and when it became ready.
    expect(seen[0]).toBe(false)
    expect(seen.at(-1)).toBe(true)
  })

  it('runs commands given before the start once the kernel exists', async () => {
    const { kit, release } = startLater()
    const refused = kit.request('latch_unknown')
    release()
    await expect(refused).rejects.toMatchObject({ shortMessage: 'Requested RPC call is not allowed' })
    await expect(kit.refreshConfig()).resolves.toMatchObject({})
  })

  it('refuses to open once disposed before the start, and disposes the kernel when it comes', async () => {
    const { kit, release } = startLater()
    const disposed = kit.dispose()
    await expect(kit.open()).rejects.toBeInstanceOf(KitDisposedError)
    expect(() => kit.on('kit:ready', () => {})).toThrow(KitDisposedError)
    release()
    await disposed
    expect(() => kit.on('kit:ready', () => {})).toThrow(KitDisposedError)
  })
})
