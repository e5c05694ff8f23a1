import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadProjects } from './loadProjects.js'
import { ProjectsFileError } from './errors/projects.js'

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
    const [shop] = loadProjects(file([{ id: 'shop', allowedOrigins: ['http://localhost:*', 'https://*.shop.example', '*'], features: {} }]))
    expect(shop?.allowedOrigins).toEqual(['http://localhost:*', 'https://*.shop.example', '*'])
  })

  it('names the invalid field with a ProjectsFileError', () => {
    const path = file([{ id: 'x', allowedOrigins: ['not a url'], features: {} }])
    expect(() => loadProjects(path)).toThrow(ProjectsFileError)
    expect(() => loadProjects(path)).toThrow(`${path}: 0.allowedOrigins.0 must be a URL, a URL pattern with * or *`)
  })
})
