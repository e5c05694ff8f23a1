import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHIPPED_LOCALES } from './catalogue.js'

// Every shipped catalogue file against its English: the same keys (a locale may add `error.<CODE>`
// translations, whose English is SPEC §8's shortMessage), and the same {arguments}, so no
// translation drops an amount or a name.
const ROOT = join(import.meta.dirname, '../..')
// The secure site's pages and the admin page ship their own catalogues, checked the same way.
const FOLDERS = ['ui-shell/locales', 'server/web/walletFrame/locales', 'server/web/admin/locales', ...readdirSync(join(ROOT, 'plugins')).map((plugin) => `plugins/${plugin}/locales`)].filter((folder) => {
  try {
    return readdirSync(join(ROOT, folder)).includes('en.json')
  } catch {
    return false
  }
})
const read = (folder: string, locale: string): Record<string, string> => JSON.parse(readFileSync(join(ROOT, folder, `${locale}.json`), 'utf8'))

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number) into.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into)
    }
  }
  return into
}
const argumentNames = (message: string) => [...argumentsOf(parse(message))].sort()

describe.each(FOLDERS)('the catalogue %s', (folder) => {
  const en = read(folder, 'en')
  it.each(SHIPPED_LOCALES)('in %s has every English key, no other but error.<CODE>, and the same arguments', (locale) => {
    const messages = read(folder, locale)
    expect(Object.keys(en).filter((key) => !(key in messages))).toEqual([])
    expect(Object.keys(messages).filter((key) => !(key in en) && !key.startsWith('error.'))).toEqual([])
    const differing = Object.keys(en).filter((key) => argumentNames(en[key]!).join() !== argumentNames(messages[key]!).join())
    expect(differing).toEqual([])
  })
})
