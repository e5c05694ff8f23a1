import { SMTPServer } from 'smtp-server'
import { simpleParser, type AddressObject } from 'mailparser'
import nodemailer from 'nodemailer'
import type { AddressInfo } from 'node:net'
import { DevMailbox } from './DevMailbox.js'

/** Sends the secure site's emails. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>
}

/** The mail path of a running backend. */
export interface MailService {
  mailer: Mailer
  /** What the embedded SMTP server received; empty when mail goes to a real server (`smtpUrl`). */
  mailbox: DevMailbox
  /** The embedded SMTP server's port, or undefined with `smtpUrl`. */
  smtpPort?: number
  close(): Promise<void>
}

export interface MailServiceOptions {
  /** A real mail server (`smtp://user:pass@host:587`, `smtps://…`): no embedded server then. */
  smtpUrl?: string
  /** `From:` of every message. */
  from?: string
  /** Called with one line per message the embedded server received (the dev log). */
  log?: (line: string) => void
}

const DEFAULT_FROM = 'Latch <no-reply@latch.localhost>'
const MAX_MESSAGE_BYTES = 256 * 1024

/**
 * Mail over real SMTP: nodemailer sends every message; by default to an SMTP server (smtp-server)
 * this process runs on 127.0.0.1, which parses what it receives (mailparser) into the dev mailbox.
 * With `smtpUrl` nodemailer sends through that server instead and nothing is kept here.
 *
 * @param options - see `MailServiceOptions`
 * @returns the mailer, the dev mailbox and `close`
 * @example
 * const mail = await startMailService({ log: console.log })
 * await mail.mailer.send({ to: 'a@b.example', subject: 'Hi', text: 'Code 123456' })
 */
export async function startMailService(options: MailServiceOptions = {}): Promise<MailService> {
  const mailbox = new DevMailbox()
  const from = options.from ?? DEFAULT_FROM
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      mailbox,
      mailer: { send: async (message) => void (await transport.sendMail({ from, ...message })) },
      close: async () => transport.close(),
    }
  }
  const server = new SMTPServer({
    // Loopback only, no accounts: the backend is its only client.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address)
          for (const to of recipients.length ? recipients : addressesOf(parsed.to)) {
            const entry = mailbox.add({ to, subject: parsed.subject ?? '', text: parsed.text ?? '' })
            // Neither subject, code nor link: they carry the login code or the device token, and no secret reaches a log.
            options.log?.(`Mail to ${entry.to} received (read it in the dev mailbox)`)
          }
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  return {
    mailbox,
    smtpPort: port,
    mailer: { send: async (message) => void (await transport.sendMail({ from, ...message })) },
    async close() {
      transport.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function addressesOf(to: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(to) ? to : to ? [to] : []
  return list.flatMap((entry) => entry.value.map((address) => address.address ?? '')).filter(Boolean)
}
