import type { DependencyContainer } from 'tsyringe'
import { PluginTokenNotRequiredError } from '../errors/plugin.js'

/** A plugin asking for a token, and the plugins whose tokens it may see. */
interface Viewer {
  id: string
  visible: ReadonlySet<string>
}

/** A value a plugin shares under a token, and whether every plugin may see it. */
interface Provided {
  plugin: string
  value: unknown
  shared: boolean
}

/**
 * The values plugins share, by token. Encapsulation as in fastify: a plugin sees what it
 * provides itself, what the plugins it requires (directly or through them) provide, and what a
 * `shared` plugin (the shell) provides to all. Anything else is a clear error naming both.
 */
export class ExportsRegistry {
  private readonly byToken = new Map<symbol, Provided>()

  provide(plugin: string, token: symbol, value: unknown, shared: boolean): () => void {
    const entry = { plugin, value, shared }
    this.byToken.set(token, entry)
    return () => {
      if (this.byToken.get(token) === entry) this.byToken.delete(token)
    }
  }

  /** Whether `viewer` (or the host, when undefined) may resolve the token; throws when hidden from it. */
  lookup(token: symbol, viewer?: Viewer): { value: unknown } | undefined {
    const entry = this.byToken.get(token)
    if (!entry) return undefined
    if (viewer && !entry.shared && entry.plugin !== viewer.id && !viewer.visible.has(entry.plugin))
      throw new PluginTokenNotRequiredError({ plugin: viewer.id, provider: entry.plugin, token })
    return { value: entry.value }
  }

  /** A token from the plugins (as `lookup`) or else the kernel's container. */
  resolve(token: symbol, kernel: DependencyContainer, viewer?: Viewer): { value: unknown } | undefined {
    const found = this.lookup(token, viewer)
    if (found || !kernel.isRegistered(token, true)) return found
    return { value: kernel.resolve(token) }
  }

  clear(): void {
    this.byToken.clear()
  }
}
