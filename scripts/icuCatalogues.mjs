// Message catalogues (`…/locales/<locale>.json`, ICU MessageFormat) compiled at build time into
// the compact form ui-shell/i18n/formatMessage.ts reads, so no ICU parser ships to a page: most
// messages are strings, the others functions over their parts (ui-shell/i18n/compiledMessage.ts). One
// compile function, wrapped for rollup and vite (the build, vitest) and for esbuild (test pages).
import { readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, TYPE } from '@formatjs/icu-messageformat-parser'

/** A catalogue file: any JSON file in a folder named `locales`. */
export const CATALOGUE = /[\\/]locales[\\/][^\\/]+\.json$/

/** A compiled catalogue's owner and locale from its module id: ['connect', 'ar']. */
export const catalogueOf = (id) => id.match(/([^\\/]+)[\\/]locales[\\/]([^\\/]+)\.json(\.js)?$/)?.slice(1, 3)

/** One message's parts in the compact form (see ui-shell/i18n/formatMessage.ts for the shapes). */
function compileParts(nodes, message) {
  return nodes.map((node) => {
    switch (node.type) {
      case TYPE.literal:
        return node.value
      case TYPE.argument:
        return [node.value]
      case TYPE.number:
        return [node.value, 'number', node.style ?? '']
      case TYPE.pound:
        return 0
      case TYPE.plural:
      case TYPE.select: {
        const options = Object.fromEntries(Object.entries(node.options).map(([key, option]) => [key, compileParts(option.value, message)]))
        return node.type === TYPE.select ? [node.value, 'select', options] : [node.value, node.pluralType === 'ordinal' ? 'selectordinal' : 'plural', options, node.offset]
      }
      default:
        // Dates, times and tags are formatted by the views with Intl, never inside a message.
        throw new Error(`Unsupported ICU element (type ${node.type}) in message: ${message}`)
    }
  })
}

/** Whether parts are text and plain `{name}` arguments only, and the text has no brace a string would misread. */
const plainArguments = (parts) => parts.every((part) => (typeof part === 'string' ? !/[{}]/.test(part) : Array.isArray(part) && part.length === 1))

/**
 * A message: its text when it is only text and `{name}` arguments (most messages: a string the
 * kit fills without an interpreter), else its parts.
 */
export function compileMessage(message) {
  const parts = compileParts(parse(message, { requiresOtherClause: true }), message)
  if (!plainArguments(parts)) return parts
  return parts.map((part) => (typeof part === 'string' ? part : `{${part[0]}}`)).join('')
}

/** What a catalogue module imports to make a function of a message in parts (ui-shell/i18n/compiledMessage.ts). */
const COMPILED_MESSAGE = fileURLToPath(new URL('../ui-shell/i18n/compiledMessage.ts', import.meta.url))

/** A catalogue's JSON text as an ES module exporting its compiled messages. */
export function compileCatalogue(json, file = 'catalogue') {
  const messages = JSON.parse(json)
  const compiled = {}
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${file}: message ${key} is not a string`)
    try {
      compiled[key] = compileMessage(message)
    } catch (error) {
      throw new Error(`${file}: message ${key}: ${error.message}`)
    }
  }
  // A message in parts (numbers, plurals, selects) becomes `c([...])`, a function: the interpreter
  // comes with the catalogues that need it, and the kit's initial chunk has none.
  const entries = Object.entries(compiled).map(([key, message]) => `${JSON.stringify(key)}:${typeof message === 'string' ? JSON.stringify(message) : `c(${JSON.stringify(message)})`}`)
  const needsInterpreter = Object.values(compiled).some((message) => typeof message !== 'string')
  return `${needsInterpreter ? `import { compiled as c } from ${JSON.stringify(COMPILED_MESSAGE)}\n` : ''}export default {${entries.join(',')}}`
}

/** A locale switch's `import(`../locales/${locale}.json`)`, as each catalogue's loadLocaleFile.ts writes it. */
const LOCALE_GLOB = /import\(`\.\.\/locales\/\$\{(\w+)\}\.json`\)/

/**
 * The switch over a locales folder's files, English left out: a glob would list en.json too, and
 * a dynamic import of the module the initial chunk already holds makes a host's bundler (Vite's
 * rolldown) split that chunk off and load its preload helper, about 2 KB gzip on every page.
 */
export function localeSwitch(code, id) {
  const match = /[\\/]locales[\\/][^\\/]+\.ts$/.test(id) ? LOCALE_GLOB.exec(code) : null
  if (!match) return null
  const files = readdirSync(dirname(id)).filter((file) => file.endsWith('.json') && file !== 'en.json').sort()
  const loaders = files.map((file) => `${JSON.stringify(basename(file, '.json'))}: () => import('./${file}')`).join(', ')
  const call = `({ ${loaders} } as Record<string, () => Promise<{ default: unknown }>>)[${match[1]}]?.() ?? Promise.reject(new Error('No messages for locale ' + ${match[1]}))`
  return code.replace(match[0], call)
}

/**
 * For rollup and vite (vitest): a catalogue import resolves to a module of its own (outside the
 * JSON plugins, which would parse the compiled code as JSON again), loaded compiled.
 */
export function icuCataloguesPlugin() {
  const PREFIX = '\0latch-catalogue:'
  return {
    name: 'latch-icu-catalogues',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith('.json') || !importer || importer.startsWith(PREFIX)) return null
      const path = resolve(dirname(importer.split('?')[0]), source)
      // Ends in .js: vite's JSON plugin takes any id ending in .json.
      return CATALOGUE.test(path) ? `${PREFIX}${path}.js` : null
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null
      const path = id.slice(PREFIX.length, -'.js'.length)
      this.addWatchFile?.(path)
      return { code: compileCatalogue(await readFile(path, 'utf8'), path), map: null }
    },
    transform(code, id) {
      const switched = localeSwitch(code, id)
      return switched === null ? null : { code: switched, map: null }
    },
  }
}

/** For esbuild (the test pages built from source). */
export function icuCataloguesEsbuildPlugin() {
  return {
    name: 'latch-icu-catalogues',
    setup(build) {
      build.onLoad({ filter: CATALOGUE }, async (args) => ({ contents: compileCatalogue(await readFile(args.path, 'utf8'), args.path), loader: 'js' }))
    },
  }
}
