// The "without i18n" twin of today's code, for bench/i18nCost.ts: a rollup plugin that compiles the
// i18n away at build time, as if the views still held their English literals. Every catalogue key a
// source names as a string literal ('connect.title') becomes its English message; the i18n runtime
// becomes a stub that answers English (its t fills `{name}` arguments, as a template literal
// would); catalogues and their registration become empty. Keys built at run time (`activity.status.${s}`)
// stay keys: a handful, whose literals a view would have held anyway.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'rollup'

const ENGLISH_FILES = ['ui-shell', ...readdirSync('plugins').map((name) => join('plugins', name))]
  .map((dir) => join(dir, 'locales', 'en.json'))
  .filter((file) => existsSync(file))

/** Every English message of the kit and its plugins, by key. */
const english = (): Record<string, string> => Object.assign({}, ...ENGLISH_FILES.map((file) => JSON.parse(readFileSync(file, 'utf8'))))

// What the runtime is replaced with: the store a view reads, answering English only.
const STUBS: Record<string, string> = {
  'I18nStore.ts': `
    const fill = (message: string, values: Record<string, unknown> = {}) => message.replace(/\\{(\\w+)\\}/g, (all, name) => String(values[name] ?? all))
    export const browserLocale = () => 'en'
    export class I18nStore {
      locale = 'en'
      dir = 'ltr'
      constructor(..._args: unknown[]) {}
      setLocale = () => Promise.resolve()
      register = () => () => {}
      has = () => true
      t = (message: string, values?: Record<string, unknown>) => fill(message, values)
      parts = (message: string, names: string[]) => message.split(/\\{(\\w+)\\}/).map((piece, i) => (i % 2 ? { name: piece } : piece)).filter((piece) => piece !== '' && (typeof piece !== 'object' || names.includes(piece.name)))
      errorText = (error: { shortMessage?: string; message?: string }) => error.shortMessage ?? error.message ?? ''
      say = (text: any) => (typeof text === 'string' ? text : 'key' in text ? fill(text.key, text.values) : this.errorText(text))
    }`,
  'formatMessage.ts': `export const formatMessage = (message: string) => message`,
  'activeLocale.ts': `export const formatLocale = () => 'en'; export const setFormatLocale = () => {}`,
  'registerMessages.ts': `export const registerMessages = () => {}`,
  'catalogue.ts': `export const SHIPPED_LOCALES = []; export const catalogue = () => ({})`,
}

export function withoutI18n(): Plugin {
  const messages = english()
  const literal = /(['"])([\w.-]+)\1/g
  return {
    name: 'latch-without-i18n',
    load(id: string) {
      const stub = Object.entries(STUBS).find(([file]) => id.endsWith(`/ui-shell/i18n/${file}`))
      if (stub) return stub[1]
      // A catalogue module (`export const CONNECT_MESSAGES = catalogue(en, …)`): an empty object.
      const name = /[\\/]locales[\\/]\w+Messages\.ts$/.test(id) ? /export const (\w+)/.exec(readFileSync(id, 'utf8'))?.[1] : undefined
      return name ? `export const ${name} = {}` : null
    },
    transform(code: string, id: string) {
      if (!/\.tsx?$/.test(id) || id.includes('/ui-shell/i18n/') || id.includes('node_modules')) return null
      return { code: code.replace(literal, (all, _quote, key: string) => (Object.hasOwn(messages, key) ? JSON.stringify(messages[key]) : all)), map: null }
    },
  }
}
