import { action, computed, makeObservable, observable } from 'mobx'
import type { Message, Messages, MessageValues } from './formatMessage.js'
import { renderMessage } from './renderMessage.js'
import { setFormatLocale } from './activeLocale.js'
import { languageOf as base, localeCandidates } from './localeCandidates.js'
import { PSEUDO_LOCALE } from './pseudoLocale.js'
import { isRtlLocale } from './rtlLocales.js'

/** A locale's messages fetched on use: `() => import('./locales/ar.json')`. */
export type CatalogueLoader = () => Promise<{ default: Messages }>
/** One catalogue (the shell's, a plugin's): English inline, each other locale its own chunk. */
export type Catalogue = { readonly en: Messages } & { readonly [locale: string]: Messages | CatalogueLoader }
/** A host's copy: `{ 'connect.title': '…' }` for every locale, or `{ ar: { 'connect.title': '…' } }` for one. */
export type MessageOverrides = Readonly<Record<string, string | Readonly<Record<string, string>>>>

/**
 * What a store has to say, for a view to write in the visitor's language: a message key (or a
 * sentence from outside, shown as it is), a key with its values, or an error (its code's
 * translation, else its English shortMessage).
 */
export type StoreText = string | { readonly key: string; readonly values?: MessageValues } | { readonly code: string; readonly shortMessage: string }


/**
 * The kit's language: its locale (observable, so views re-render when it changes), the messages
 * of the shell and of each loaded plugin, the host's overrides, and `t` to format one. A key a
 * locale lacks falls back to English; a key no catalogue has is shown as it is (a third-party
 * view title written as text).
 */
export class I18nStore {
  locale: string
  /** Messages per catalogue locale ('en', 'ar', 'en-XA'), merged over every catalogue. */
  private readonly tables = observable.map<string, Map<string, Message>>({}, { deep: false })
  private readonly catalogues = new Set<Catalogue>()
  private pseudo: ((message: Message) => Message) | undefined

  constructor(
    locale: string | undefined,
    private readonly overrides: MessageOverrides = {},
  ) {
    this.locale = locale ?? 'en'
    makeObservable<I18nStore, 'addMessages'>(this, { locale: observable, dir: computed, setLocale: action, addMessages: action })
    setFormatLocale(() => this.locale)
  }

  /** 'rtl' for Arabic, Hebrew, Persian and Urdu. */
  get dir(): 'ltr' | 'rtl' {
    return isRtlLocale(this.locale) ? 'rtl' : 'ltr'
  }

  /** Switches the language live; resolves once every loaded catalogue has its messages. */
  setLocale(locale: string): Promise<void> {
    this.locale = locale
    setFormatLocale(() => this.locale)
    return Promise.all([...this.catalogues].map((catalogue) => this.load(catalogue, locale))).then(() => undefined)
  }

  /**
   * Adds a catalogue (the shell's or a plugin's) and fetches its messages for the current locale.
   *
   * @returns a function that removes nothing (messages are keyed, a later catalogue may reuse them) but stops loading it
   */
  register(catalogue: Catalogue): () => void {
    this.catalogues.add(catalogue)
    this.addMessages('en', catalogue.en)
    void this.load(catalogue, this.locale)
    return () => this.catalogues.delete(catalogue)
  }

  /** The message `key` in the current locale, its `{arguments}` filled from `values`. */
  t = (key: string, values?: MessageValues): string => {
    const locale = this.locale
    const table = this.tables.get(this.tableFor(locale))
    const own = this.override(locale, key)
    const message = own ?? table?.get(key) ?? this.tables.get('en')?.get(key)
    if (message === undefined) return key
    return renderMessage(own !== undefined && this.pseudo && locale === PSEUDO_LOCALE ? this.pseudo(own) : message, values, locale)
  }

  /**
   * A message with elements inside (links): its text split around the named arguments, each
   * argument's place given as its name, for the view to fill.
   *
   * @example parts('connect.legal', ['terms', 'privacy']) // ['I agree to the ', { name: 'terms' }, ' and ', { name: 'privacy' }]
   */
  parts = (key: string, names: readonly string[]): Array<string | { name: string }> =>
    this.t(key, Object.fromEntries(names.map((name, i) => [name, `\u0000${i}\u0000`])))
      .split(/\u0000(\d+)\u0000/)
      .map((piece, i) => (i % 2 ? { name: names[Number(piece)]! } : piece))
      .filter((piece) => piece !== '')

  /** Whether a catalogue (or the host) has the message `key`. */
  has(key: string): boolean {
    return this.tables.get('en')?.has(key) === true || this.override(this.locale, key) !== undefined
  }

  /** An error's text: its translation by code (`error.KIT_…`) in a locale that has one, else its English shortMessage (SPEC §8). */
  errorText = (error: { code?: string; shortMessage?: string; message?: string; details?: string }): string => {
    const key = `error.${error.code}`
    const english = error.shortMessage ?? error.message ?? ''
    const translated = this.tables.get(this.tableFor(this.locale))?.get(key)
    if (translated !== undefined) return renderMessage(translated, { details: error.details }, this.locale)
    return this.locale === PSEUDO_LOCALE && this.pseudo ? renderMessage(this.pseudo(english), {}, this.locale) : english
  }

  /** A store's text (a key, a key with values, an error) in the current locale. */
  say = (text: StoreText): string => {
    if (typeof text === 'string') return this.t(text)
    return 'key' in text ? this.t(text.key, text.values) : this.errorText(text)
  }

  /** The catalogue locale a locale reads: 'ar-EG' reads 'ar', 'zh-Hant' reads 'zh-TW'. */
  private tableFor(locale: string): string {
    if (locale === PSEUDO_LOCALE) return locale
    return localeCandidates(locale).find((candidate) => this.tables.has(candidate)) ?? base(locale)
  }

  /** The host's copy for `key`: its copy for this locale first, else its copy for every locale. */
  private override(locale: string, key: string): string | undefined {
    const own = this.overrides[locale] ?? this.overrides[base(locale)]
    const mine = typeof own === 'object' ? own[key] : undefined
    const all = this.overrides[key]
    return mine ?? (typeof all === 'string' ? all : undefined)
  }

  /** Fetches a catalogue's messages for a locale (loadCatalogue.ts, a chunk of its own); nothing to fetch when the catalogue reads English for it. */
  private async load(catalogue: Catalogue, locale: string): Promise<void> {
    if (locale !== PSEUDO_LOCALE && localeCandidates(locale).find((candidate) => candidate in catalogue) === 'en') return
    const { loadCatalogue } = await import('./loadCatalogue.js')
    const loaded = await loadCatalogue(catalogue, locale)
    if (loaded?.pseudo) this.pseudo = loaded.pseudo
    if (loaded) this.addMessages(loaded.table, loaded.messages)
  }

  private addMessages(locale: string, messages: Messages) {
    const table = new Map(this.tables.get(locale))
    for (const [key, message] of Object.entries(messages)) table.set(key, message)
    this.tables.set(locale, table)
  }
}

/** The visitor's language (navigator.languages), when the host named none: its first one Latch has a catalogue for, else English. */
export function browserLocale(available: readonly string[]): string {
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return languages.find((language) => localeCandidates(language).some((candidate) => available.includes(candidate))) ?? 'en'
}

