import { describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { execFileSync } from 'node:child_process'
import { startBackend } from '../../server/startBackend.js'
import { startHardhatNode } from '../../server/chains/startHardhatNode.js'

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

  it('R5: a hardhat node binds its own port: asked for a taken one, it fails naming EADDRINUSE and exits', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(startHardhatNode({ chainId: 31337, port })).rejects.toThrow(/hardhat node for chain 31337 failed: .*EADDRINUSE/)
      expect(hardhatChildren()).toBe(0)
    } finally {
      blocker.close()
    }
  })
})
