import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadProjects } from './loadProjects.js'
import { ProjectsFileError } from './errors.js'

function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'latch-projects-')), 'projects.json')
  writeFileSync(path, JSON.stringify(content))
  return path
}

describe('loadProjects', () => {
  it("11: returns the file's projects only (the database keeps the others), named after their id when unnamed", () => {
    const projects = loadProjects(file([{ id: 'shop', allowedOrigins: ['https://shop.example'], features: { swaps: false } }, { id: 'b', name: 'Bee', allowedOrigins: [], features: {} }]))
    expect(projects.map((project) => [project.id, project.name])).toEqual([['shop', 'shop'], ['b', 'Bee']])
  })

  it('16: takes wildcard entries the way AppKit writes them', () => {
    const [shop] = loadProjects(file([{ id: 'shop', allowedOrigins: ['http://localhost:*', 'https://*.shop.example'], features: {} }]))
    expect(shop?.allowedOrigins).toEqual(['http://localhost:*', 'https://*.shop.example'])
  })

  it('refuses "*" alone, saying why: every site could embed the wallet', () => {
    const path = file([{ id: 'shop', allowedOrigins: ['https://shop.example', '*'], features: {} }])
    expect(() => loadProjects(path)).toThrow(`${path}: 0.allowedOrigins.1 "*" is not accepted: it would let every site embed the wallet.`)
  })

  it('names the invalid field with a ProjectsFileError', () => {
    const path = file([{ id: 'x', allowedOrigins: ['not a url'], features: {} }])
    expect(() => loadProjects(path)).toThrow(ProjectsFileError)
    expect(() => loadProjects(path)).toThrow(`${path}: 0.allowedOrigins.0 must be an origin such as https://shop.example`)
  })

  it('11: checks the file against the admin API schema: no coercion, no unknown fields', () => {
    expect(() => loadProjects(file([{ id: 'x', allowedOrigins: [], features: { swaps: 'yes' } }]))).toThrow(': 0.features.swaps must be boolean,array')
    expect(() => loadProjects(file([{ id: 'x', allowedOrigins: 'http://localhost', features: {} }]))).toThrow(': 0.allowedOrigins must be array')
    expect(() => loadProjects(file([{ id: 'x', allowedOrigins: [], features: {}, owner: 'me' }]))).toThrow(': 0 must NOT have additional properties')
    expect(() => loadProjects(file({ id: 'x' }))).toThrow(': root must be array')
  })
})
