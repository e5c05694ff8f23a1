import type { LoginRequest } from './EmailLogin.js'

// The login emails. Each names the app, its origin and the device asking, so the owner can tell
// their own login from a stranger's (or a look-alike site's). The code comes first in the text:
// the dev mailbox takes the first six digits (an app's name might hold some).

/** Who asked, in one line of the emails. */
function asker(request: Pick<LoginRequest, 'project' | 'appOrigin' | 'device'>): string {
  return `App: ${request.project.name} (${request.appOrigin})\nDevice: ${request.device}`
}

/** The login code. */
export function codeMail(code: string, request: LoginRequest): { subject: string; text: string } {
  return {
    subject: `Your login code: ${code}`,
    text: `${code} is your code to log in to your wallet on ${request.project.name}.\n\n${asker(request)}\n\nIt expires in 10 minutes. Type it only into the app named above. If you did not ask for it, ignore this email: nobody can log in without the code.`,
  }
}

/** The link that approves a new device (its page approves only by a button, never on opening). */
export function approvalMail(request: LoginRequest, link: string): { subject: string; text: string } {
  return {
    subject: 'Approve a new device',
    text: `Someone is logging in to your wallet on ${request.project.name} from a device it has not seen.\n\n${asker(request)}\nIP address: ${request.ip}\n\nIf it is you, open this link within 10 minutes and press Approve:\n${link}\n\nIf it is not you, ignore this email: the device stays unapproved.`,
  }
}

/** An email change's code, to the current address (`step` primary) or the new one. */
export function emailChangeMail(code: string, step: 'primary' | 'secondary', newEmail: string, request: Pick<LoginRequest, 'project' | 'appOrigin' | 'device'>): { subject: string; text: string } {
  const why = step === 'primary' ? `You asked to change your wallet's email to ${newEmail}.` : "Confirm this address as your wallet's new email."
  return {
    subject: `Your email change code: ${code}`,
    text: `${code} is your email change code on ${request.project.name}.\n\n${why}\n\n${asker(request)}\n\nIt expires in 10 minutes. If you did not ask for it, ignore this email.`,
  }
}
