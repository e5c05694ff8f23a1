import type { DependencyContainer } from 'tsyringe'
import type { Token } from '../container.js'

/**
 * The values plugins share, registered in one container that plugin containers inherit from.
 * tsyringe cannot unregister one token, so releasing a plugin resets that container and
 * registers what the remaining plugins provide again.
 */
export class ExportsRegistry {
  private readonly byPlugin = new Map<string, Map<symbol, unknown>>()

  constructor(readonly container: DependencyContainer) {}

  provide<T>(plugin: string, token: Token<T>, value: T): void {
    const provided = this.byPlugin.get(plugin) ?? new Map<symbol, unknown>()
    provided.set(token, value)
    this.byPlugin.set(plugin, provided)
    this.container.register(token, { useValue: value })
  }

  release(plugin: string): void {
    if (!this.byPlugin.delete(plugin)) return
    this.container.reset()
    for (const provided of this.byPlugin.values())
      for (const [token, value] of provided) this.container.register(token, { useValue: value })
  }

  clear(): void {
    this.byPlugin.clear()
    this.container.reset()
  }
}
