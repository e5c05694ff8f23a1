import type { SocialProvider } from '../../chains/connectors/AuthConnector.js'

/** What the Telegram rules read: the window's Telegram object and user agent. */
export interface TelegramEnv {
  Telegram?: { WebApp?: { platform?: string } }
  navigator?: { userAgent?: string }
}

/**
 * SPEC §6's social options inside a Telegram mini app: on iOS no google, on Mac no x, on Android
 * no facebook or x (their sign-in pages do not work in Telegram's web view there). Elsewhere,
 * every provider stays.
 *
 * @param env - the window; the global one by default
 */
export function applyTelegramRules(providers: readonly SocialProvider[], env: TelegramEnv | undefined = globalThis as TelegramEnv): SocialProvider[] {
  const app = env?.Telegram?.WebApp
  if (!app) return [...providers]
  const platform = (app.platform ?? '').toLowerCase()
  const ua = env?.navigator?.userAgent ?? ''
  const ios = platform === 'ios' || /iPhone|iPad|iPod/.test(ua)
  const mac = platform === 'macos' || (!ios && /Macintosh/.test(ua))
  const android = platform === 'android' || /Android/.test(ua)
  const hidden = new Set<SocialProvider>([...(ios ? (['google'] as const) : []), ...(mac ? (['x'] as const) : []), ...(android ? (['facebook', 'x'] as const) : [])])
  return providers.filter((provider) => !hidden.has(provider))
}
