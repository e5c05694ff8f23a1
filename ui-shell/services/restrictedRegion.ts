import type { KitOptions } from '../../kernel/index.js'

/**
 * SPEC §1's restricted timezones, upper-cased as AppKit 1.7.10 compares them
 * (packages/controllers/src/utils/ConstantsUtil.ts, RESTRICTED_TIMEZONES).
 */
export const RESTRICTED_TIMEZONES: ReadonlySet<string> = new Set([
  'ASIA/SHANGHAI',
  'ASIA/URUMQI',
  'ASIA/CHONGQING',
  'ASIA/HARBIN',
  'ASIA/KASHGAR',
  'ASIA/MACAU',
  'ASIA/MACAO',
  'ASIA/HONG_KONG',
  'ASIA/BEIJING',
])

/** The browser's timezone ('Europe/Berlin'), or undefined where Intl cannot say. */
export function visitorTimeZone(): string | undefined {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** @returns whether `timeZone` is one of SPEC §1's restricted ones (any case) */
export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && RESTRICTED_TIMEZONES.has(timeZone.toUpperCase())
}

/**
 * The service URLs a kit uses: for a visitor in a restricted timezone, the host's
 * `restrictedRegionUrls` replace `apiUrl` and `blockchainApiUrl` (each only when given), as
 * AppKit once switched its API and RPC hosts to alternative domains there. Elsewhere, or
 * without that option, the options are returned unchanged.
 *
 * @param options - the host's options, already checked
 * @param timeZone - the visitor's timezone; the browser's when not given
 * @returns the options the kit runs with
 *
 * @example
 * withRestrictedRegionUrls({ apiUrl: 'https://api.example', restrictedRegionUrls: { apiUrl: 'https://api.example.cn' } }, 'Asia/Shanghai').apiUrl
 * // 'https://api.example.cn'
 */
export function withRestrictedRegionUrls(options: KitOptions, timeZone?: string): KitOptions {
  const regional = options.restrictedRegionUrls
  if (!regional) return options
  // Asked only of a host that gave regional URLs: a first DateTimeFormat loads the timezone data,
  // a long task on a phone's load (issue 32) that every other host would pay for nothing.
  if (!isRestrictedTimeZone(timeZone ?? visitorTimeZone())) return options
  return {
    ...options,
    ...(regional.apiUrl ? { apiUrl: regional.apiUrl } : {}),
    ...(regional.blockchainApiUrl ? { blockchainApiUrl: regional.blockchainApiUrl } : {}),
  }
}
