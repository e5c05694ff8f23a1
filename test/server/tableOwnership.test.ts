import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 28: no file outside `server/plugins/` reaches another feature's tables. A table belongs
 * to the folder whose `migrations/` creates it; only that folder (and the shared plugins) may
 * name it in a query, whether through Kysely or in raw SQL. Another feature goes through the
 * owner's exported store or class.
 */
const SERVER = join(import.meta.dirname, '../../server')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** `server/secureSite/EmailLogin.ts` → `secureSite`; `server/plugins/projects/x.ts` → `plugins/projects`; entry points → `.` */
function featureOf(file: string): string {
  const parts = relative(SERVER, file).split(sep)
  if (parts.length === 1) return '.'
  return parts[0] === 'plugins' ? `plugins/${parts[1]}` : parts[0]!
}

/** What the code says, comments removed: a table named in a doc comment is no access. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
}

const SCHEMA = readFileSync(join(SERVER, 'plugins/database/DatabaseSchema.ts'), 'utf8')
const TABLES = [...SCHEMA.slice(SCHEMA.indexOf('interface DatabaseSchema'), SCHEMA.indexOf('\n}', SCHEMA.indexOf('interface DatabaseSchema'))).matchAll(/^\s+(\w+): \w+/gm)].map((match) => match[1]!)

const FILES = sourceFiles(SERVER).filter((file) => !relative(SERVER, file).startsWith(`web${sep}`))

/** Which tables a file names: Kysely's builders, raw SQL's keywords, and a table's name as a string. */
function tablesNamedIn(file: string): Set<string> {
  const code = codeOf(file)
  const named = new Set<string>()
  const builders = /\b(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|createTable|alterTable|dropTable|table)\(\s*['"`](\w+)/g
  for (const match of code.matchAll(builders)) named.add(match[1]!)
  const rawSql = /\b(?:FROM|INTO|UPDATE|JOIN|TABLE(?: IF (?:NOT )?EXISTS)?)\s+(\w+)/g
  for (const match of code.matchAll(rawSql)) if (TABLES.includes(match[1]!)) named.add(match[1]!)
  // A name handed to a helper (`addColumnIfMissing(db, 'onramp_orders', …)`, a list of tables to lock).
  for (const match of code.matchAll(/['"`](\w+)['"`]/g)) if (TABLES.includes(match[1]!) && /_/.test(match[1]!)) named.add(match[1]!)
  for (const table of named) if (!TABLES.includes(table)) named.delete(table)
  return named
}

/** Each table's owner: the folder holding the migration that creates it. */
function owners(): Map<string, string> {
  const owner = new Map<string, string>()
  for (const file of FILES.filter((path) => path.split(sep).includes('migrations')))
    for (const match of codeOf(file).matchAll(/\.createTable\(\s*'(\w+)'/g)) {
      expect(owner.get(match[1]!) ?? featureOf(file), `${match[1]} is created in two folders`).toBe(featureOf(file))
      owner.set(match[1]!, featureOf(file))
    }
  return owner
}

describe("given every server file and the migrations that create each table (issue 28)", () => {
  it('28: every table has one owner, and the scan sees the queries it must (positive control)', () => {
    const owner = owners()
    expect([...owner.keys()].sort()).toEqual([...TABLES].sort())
    expect(owner.get('onramp_orders')).toBe('onramp')
    expect(owner.get('projects')).toBe('plugins/projects')
    // Kysely, raw SQL and a table named in a list are all seen.
    expect(tablesNamedIn(join(SERVER, 'onramp/OnrampOrders.ts'))).toContain('onramp_orders')
    expect(tablesNamedIn(join(SERVER, 'secureSite/createSecureSiteTables.ts')).size).toBeGreaterThan(0)
    expect(tablesNamedIn(join(SERVER, 'secureSite/resealKeys.ts'))).toContain('secure_site_refresh_tokens')
  })

  it("28: no file outside server/plugins/ names another feature's table", () => {
    const owner = owners()
    const trespasses: string[] = []
    for (const file of FILES) {
      const feature = featureOf(file)
      if (feature.startsWith('plugins/')) continue
      for (const table of tablesNamedIn(file)) if (owner.get(table) !== feature) trespasses.push(`${relative(SERVER, file)} → ${table} (${owner.get(table)}'s)`)
    }
    expect(trespasses).toEqual([])
  })
})
