import { LOCALE_PARAM } from './frameLocaleParam.js'

/** Where the secure site serves the one-time-code field (issue 26: the code never enters the host page). */
export const CODE_FIELD_PATH = '/code-field'
/** The query parameter, on the wallet frame's URL and the field's, naming the channel between them. */
export const CODE_CHANNEL_PARAM = 'codeChannel'
/** A channel id as the kit makes it and both pages accept it: not a secret, only a name. */
export const CODE_CHANNEL_ID = /^[A-Za-z0-9-]{16,64}$/

export interface CodeFieldUrlOptions {
  secureSiteUrl: string
  projectId: string
  /** The wallet frame's channel (FrameChannel.codeChannel): the field hands its code to that frame only. */
  codeChannel: string
  themeMode?: 'dark' | 'light'
  /** The kit's `--latch-accent`; the field takes it only if the browser parses it as a colour. */
  accent?: string
  /** The kit's locale: the field's words follow it, like the frame's. */
  locale?: string
}

/** The field page's URL, on the secure site's origin. */
export function codeFieldUrl({ secureSiteUrl, projectId, codeChannel, themeMode, accent, locale }: CodeFieldUrlOptions): string {
  const url = new URL(CODE_FIELD_PATH, secureSiteUrl)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set(CODE_CHANNEL_PARAM, codeChannel)
  if (themeMode) url.searchParams.set('theme', themeMode)
  if (accent) url.searchParams.set('accent', accent)
  if (locale) url.searchParams.set(LOCALE_PARAM, locale)
  return url.toString()
}
