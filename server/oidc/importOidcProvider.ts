/** The one notice oidc-provider 9 prints as it loads on Node 20: it prefers Node 22. */
const RUNTIME_NOTICE = 'oidc-provider WARNING: Unsupported runtime'

/**
 * Loads oidc-provider for the dev OpenID stand-in, only when dev mode starts it. It runs on this
 * Node 20 (STACK.md; the social login tests use it), but prints a runtime warning as it loads that
 * a newcomer reads as a failure of `npm start`; the start-up log names the stand-in instead. Every
 * other warning passes through.
 *
 * @returns oidc-provider's `Provider` class
 * @example
 * const Provider = await importOidcProvider()
 */
export async function importOidcProvider(): Promise<typeof import('oidc-provider').default> {
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith(RUNTIME_NOTICE))) warn(...args)
  }
  try {
    return (await import('oidc-provider')).default
  } finally {
    console.warn = warn
  }
}
