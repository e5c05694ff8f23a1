import { describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadProjects } from './loadProjects.js'

function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'latch-projects-')), 'projects.json')
  writeFileSync(path, JSON.stringify(content))
  return path
}

describe('loadProjects', () => {
  it('keeps the dev project and adds the file projects', () => {
    const projects = loadProjects(file([{ id: 'shop', allowedOrigins: ['https://shop.example'], features: { swaps: false } }]))
    expect(projects.map((project) => project.id)).toEqual(['latch-dev', 'shop'])
  })

  it('lets the file override the dev project', () => {
    const [dev] = loadProjects(file([{ id: 'latch-dev', allowedOrigins: ['http://localhost'], features: { onramp: false } }]))
    expect(dev?.features).toEqual({ onramp: false })
  })

  it('16: takes wildcard entries the way AppKit writes them', () => {
    const [, shop] = loadProjects(file([{ id: 'shop', allowedOrigins: ['http://localhost:*', 'https://*.shop.example', '*'], features: {} }]))
    expect(shop?.allowedOrigins).toEqual(['http://localhost:*', 'https://*.shop.example', '*'])
  })

  it('names the invalid field', () => {
    expect(() => loadProjects(file([{ id: 'x', allowedOrigins: ['not a url'], features: {} }]))).toThrow(/0\.allowedOrigins\.0 must be a URL, a URL pattern with \* or \*/)
  })
})
