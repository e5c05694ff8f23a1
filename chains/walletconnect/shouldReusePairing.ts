/**
 * Telegram mini apps and iOS Safari lose a freshly opened deep link's context, so the
 * existing pairing is reused until it expires (SPEC §4).
 *
 * @param env - the window to read; defaults to the global one
 */
export function shouldReusePairing(env: { navigator?: { userAgent?: string }; Telegram?: { WebApp?: unknown } } | undefined = globalThis as never): boolean {
  if (!env) return false
  if (env.Telegram?.WebApp) return true
  const ua = env.navigator?.userAgent ?? ''
  const ios = /iPhone|iPad|iPod/.test(ua)
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua)
  return ios && safari
}
