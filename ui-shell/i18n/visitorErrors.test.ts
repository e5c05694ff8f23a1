import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KitError } from '../../kernel/index.js'
import { FrameRequestAbortedError, PasskeyNotAddableError, PasskeyNotFinishedError, PasskeyRefusedError } from '../../chains/auth/errors.js'
import { WalletUnavailableError } from '../../chains/errors/chain.js'
import { NoConnectorForConnectionError } from '../../chains/errors/connection.js'
import { EMBEDDED_WALLET_MESSAGES } from '../../plugins/embeddedWallet/locales/embeddedWalletMessages.js'
import { SiwxNoAccountError } from '../../plugins/siwx/errors/SiwxNoAccountError.js'
import { SiwxNoNetworkError } from '../../plugins/siwx/errors/SiwxNoNetworkError.js'
import { SIWX_MESSAGES } from '../../plugins/siwx/locales/siwxMessages.js'
import { SwapNoTransactionError, SwapTransactionRevertedError } from '../../plugins/swaps/errors/swap.js'
import { SWAPS_MESSAGES } from '../../plugins/swaps/locales/swapsMessages.js'
import { HttpStatusError, RateLimitedError, ServerError } from '../errors/http.js'
import { SHELL_MESSAGES } from '../locales/shellMessages.js'
import { SHIPPED_LOCALES } from './catalogue.js'
import { I18nStore } from './I18nStore.js'

// Issue 30: the SPEC §8 errors a visitor can read in the modal (a connecting view's error line, a
// snackbar, the passkey and swap views), each filed in the catalogue of what shows it. Every
// shipped locale must say each in its own words; English stays the error's shortMessage.
const ROOT = join(import.meta.dirname, '../..')
const url = 'https://api.example/v1/tokens'
const VISITOR_ERRORS: Record<string, KitError[]> = {
  'ui-shell/locales': [
    new HttpStatusError({ status: 404, url }),
    new RateLimitedError({ url }),
    new ServerError({ status: 503, url }),
    new WalletUnavailableError({ name: 'Rabby' }),
    new NoConnectorForConnectionError({ connectorId: 'io.rabby' }),
  ],
  'plugins/embeddedWallet/locales': [
    new FrameRequestAbortedError(),
    new PasskeyNotAddableError(),
    new PasskeyNotFinishedError({ reason: 'the window was closed' }),
    new PasskeyRefusedError({ reason: 'unknown credential' }),
  ],
  'plugins/siwx/locales': [new SiwxNoAccountError(), new SiwxNoNetworkError()],
  'plugins/swaps/locales': [new SwapNoTransactionError({ step: 'swap' }), new SwapTransactionRevertedError({ hash: '0xab', step: 'approve' })],
}

const read = (folder: string, locale: string): Record<string, string> => JSON.parse(readFileSync(join(ROOT, folder, `${locale}.json`), 'utf8'))

describe.each(Object.entries(VISITOR_ERRORS))('the visitor-facing errors of %s', (folder, errors) => {
  it('have no English key: English shows the shortMessage', () => {
    const en = read(folder, 'en')
    expect(errors.map((error) => `error.${error.code}`).filter((key) => key in en)).toEqual([])
  })

  it.each(SHIPPED_LOCALES)('are each translated in %s, with {details} exactly where the English sentence holds them', (locale) => {
    const messages = read(folder, locale)
    const wrong = errors
      .filter((error) => {
        const text = messages[`error.${error.code}`]
        // Details the English does not show (a URL, a connector id) stay out of the translation too.
        const needsDetails = error.details !== undefined && error.shortMessage.includes(error.details)
        return !text?.trim() || text.includes('{details}') !== needsDetails
      })
      .map((error) => error.code)
    expect(wrong).toEqual([])
  })
})

describe('given a German visitor and the real catalogues', () => {
  it('issue 30: errorText says one error of the shell, the embedded wallet, sign-in and swap in German', async () => {
    const i18n = new I18nStore('en')
    for (const catalogue of [SHELL_MESSAGES, EMBEDDED_WALLET_MESSAGES, SIWX_MESSAGES, SWAPS_MESSAGES]) i18n.register(catalogue)
    const rateLimited = new RateLimitedError({ url })
    const refused = new PasskeyRefusedError({ reason: 'unknown credential' })
    const noAccount = new SiwxNoAccountError()
    const reverted = new SwapTransactionRevertedError({ hash: '0xab', step: 'swap' })
    expect([rateLimited, refused, noAccount, reverted].map(i18n.errorText)).toEqual([
      'HTTP status code: 429',
      'This passkey was refused (unknown credential): nothing changed',
      'No ActiveCaipAddress found',
      'The swap failed on chain',
    ])
    await i18n.setLocale('de')
    expect([rateLimited, refused, noAccount, reverted].map(i18n.errorText)).toEqual([
      'Zu viele Anfragen: Versuche es gleich erneut',
      'Dieser Passkey wurde abgelehnt (unknown credential): nichts wurde geändert',
      'Kein Konto verbunden: Verbinde zuerst eine Wallet',
      'Die Transaktion ist auf der Blockchain fehlgeschlagen',
    ])
  })
})
