import { readFileSync, readdirSync, readlinkSync } from 'node:fs'

const LISTEN = '0A'

/**
 * The TCP ports this process listens on (Linux /proc): the sockets in its own descriptor table
 * that /proc/net/tcp{,6} lists as listening. Child processes (hardhat nodes) are not counted.
 *
 * @returns the ports, ascending
 * @example
 * const before = listeningPorts() // then start something and compare
 */
export function listeningPorts(): number[] {
  const ownSockets = new Set<string>()
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))
      if (match) ownSockets.add(match[1]!)
    } catch {
      // closed between the listing and the read
    }
  }
  const ports = new Set<number>()
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      const [local, state, inode] = [fields[1]!, fields[3]!, fields[9]!]
      if (state === LISTEN && ownSockets.has(inode)) ports.add(Number.parseInt(local.split(':')[1]!, 16))
    }
  }
  return [...ports].sort((a, b) => a - b)
}
