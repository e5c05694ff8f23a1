import type { LoginRequest } from './EmailLogin.js'
import { mailLocale, mailText } from '../mail/mailMessages.js'

// The login emails. Each names the app, its origin and the device asking, so the owner can tell
// their own login from a stranger's (or a look-alike site's). The code comes first in the text:
// the dev mailbox takes the first six digits (an app's name might hold some).

/** Who asked, in the emails' lines (in the visitor's language when the kit passed it). */
function asker(request: Pick<LoginRequest, 'project' | 'appOrigin' | 'device' | 'locale'>): string {
  const locale = mailLocale(request.locale)
  return `${mailText(locale, 'mail.app', { app: request.project.name, origin: request.appOrigin })}\n${mailText(locale, 'mail.device', { device: request.device })}`
}

/** The login code, in the kit's language (server/mail/locales/). */
export function codeMail(code: string, request: LoginRequest): { subject: string; text: string } {
  const locale = mailLocale(request.locale)
  const say = (key: string) => mailText(locale, key, { code, app: request.project.name })
  return {
    subject: say('mail.code.subject'),
    text: `${say('mail.code.text')}\n\n${asker(request)}\n\n${say('mail.code.expiry')}`,
  }
}

/** The emailed device link: its page opens in the locale the kit named (no locale: the browser's). */
export function approvalLink(siteUrl: string, token: string, locale: string | undefined): string {
  const url = new URL(`${siteUrl}/device/approve`)
  url.searchParams.set('token', token)
  if (locale && locale.length <= 35) url.searchParams.set('locale', locale)
  return url.href
}

/** The link that approves a new device (its page approves only by a button, never on opening), in the kit's language. */
export function approvalMail(request: LoginRequest, link: string): { subject: string; text: string } {
  const locale = mailLocale(request.locale)
  const say = (key: string) => mailText(locale, key, { app: request.project.name, ip: request.ip })
  return {
    subject: say('mail.approval.subject'),
    text: `${say('mail.approval.intro')}\n\n${asker(request)}\n${say('mail.ip')}\n\n${say('mail.approval.open')}\n${link}\n\n${say('mail.approval.ignore')}`,
  }
}

/** An email change's code, to the current address (`step` primary) or the new one, in the kit's language. */
export function emailChangeMail(code: string, step: 'primary' | 'secondary', newEmail: string, request: Pick<LoginRequest, 'project' | 'appOrigin' | 'device' | 'locale'>): { subject: string; text: string } {
  const locale = mailLocale(request.locale)
  const say = (key: string) => mailText(locale, key, { code, app: request.project.name, email: newEmail })
  const why = say(step === 'primary' ? 'mail.change.primary' : 'mail.change.secondary')
  return {
    subject: say('mail.change.subject'),
    text: `${say('mail.change.text')}\n\n${why}\n\n${asker(request)}\n\n${say('mail.change.expiry')}`,
  }
}
