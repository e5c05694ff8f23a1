import { describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { execFileSync } from 'node:child_process'
import { startBackend } from '../../server/startBackend.js'

function hardhatChildren(): number {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid)]).toString().trim().split('\n').filter(Boolean).length
  } catch {
    return 0
  }
}

describe('given a port already in use', () => {
  it('rejects and leaves no chain running', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(startBackend({ port })).rejects.toThrow(/EADDRINUSE/)
      expect(hardhatChildren()).toBe(0)
    } finally {
      blocker.close()
    }
  })
})
