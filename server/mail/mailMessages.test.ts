import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { approvalMail, codeMail, emailChangeMail } from '../secureSite/loginMails.js'
import { mailLocale, mailText } from './mailMessages.js'

// Issue 30: the login and device emails in the language the kit passes, with the same
// placeholders in every locale (no translation drops the code, the app or the link), the code
// still first in the text (the dev mailbox and a reader's eye find it there), English otherwise.
const DIR = new URL('./locales/', import.meta.url)
const read = (file: string): Record<string, string> => JSON.parse(readFileSync(new URL(file, DIR), 'utf8'))
const english = read('en.json')
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
const REQUEST = { project: { id: 'p1', name: 'Acme' }, appOrigin: 'https://acme.example', device: 'Chrome on macOS', ip: '203.0.113.7' }

describe.each(readdirSync(DIR).filter((file) => file !== 'en.json'))('the email catalogue %s', (file) => {
  it('has every English message with the same placeholders, and the code first', () => {
    const messages = read(file)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort())
    for (const key of Object.keys(english)) expect(placeholders(messages[key]!), key).toEqual(placeholders(english[key]!))
    expect(messages['mail.code.text']!.startsWith('{code}')).toBe(true)
  })
})

describe('the login emails', () => {
  it('are English without a locale, and for a locale with no catalogue', () => {
    expect(codeMail('123456', REQUEST).subject).toBe('Your login code: 123456')
    expect(codeMail('123456', { ...REQUEST, locale: 'sw' }).subject).toBe('Your login code: 123456')
  })

  it("are written in the kit's locale, its region and script read as the catalogue's", () => {
    const arabic = codeMail('123456', { ...REQUEST, locale: 'ar-EG' })
    expect(arabic.subject).toBe(mailText('ar', 'mail.code.subject', { code: '123456' }))
    expect(arabic.text.startsWith('123456 ')).toBe(true)
    expect(arabic.text).toContain('https://acme.example')
    expect(mailLocale('zh-Hant')).toBe('zh-TW')
    const device = approvalMail({ ...REQUEST, locale: 'ja' }, 'https://secure.example/device/approve?token=t')
    expect(device.subject).toBe('新しいデバイスの承認')
    expect(device.text).toContain('https://secure.example/device/approve?token=t')
    expect(device.text).toContain('203.0.113.7')
  })
  it('are bracketed in the pseudo-locale, line by line, the link alone excepted, and keep their values', () => {
    const link = 'https://secure.example/device/approve?token=t'
    for (const mail of [codeMail('123456', { ...REQUEST, locale: 'en-XA' }), approvalMail({ ...REQUEST, locale: 'en-XA' }, link)]) {
      const lines = [mail.subject, ...mail.text.split('\n')].filter((line) => line !== '' && line !== link)
      expect(lines.filter((line) => !/^\[.*\]$/.test(line))).toEqual([])
    }
    expect(codeMail('123456', { ...REQUEST, locale: 'en-XA' }).text).toMatch(/^\[123456 /)
    expect(approvalMail({ ...REQUEST, locale: 'en-XA' }, link).text).toContain('https://acme.example')
  })
  it("write an email change's codes in the kit's language too, English without one", () => {
    expect(emailChangeMail('123456', 'primary', 'new@acme.example', REQUEST).subject).toBe('Your email change code: 123456')
    const german = emailChangeMail('123456', 'primary', 'new@acme.example', { ...REQUEST, locale: 'de' })
    expect(german.subject).toBe('Dein Code zur E-Mail-Änderung: 123456')
    expect(german.text.startsWith('123456 ')).toBe(true)
    expect(german.text).toContain('new@acme.example')
    const pseudo = emailChangeMail('123456', 'secondary', 'new@acme.example', { ...REQUEST, locale: 'en-XA' })
    expect([pseudo.subject, ...pseudo.text.split('\n')].filter((line) => line !== '' && !/^\[.*\]$/.test(line))).toEqual([])
  })
})
