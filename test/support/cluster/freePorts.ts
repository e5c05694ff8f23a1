import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'

/** Whether `port` on loopback can be bound right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** The kernel's ephemeral range, where outgoing connections (and `listen(0)`) take their ports. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number)
    if (low && high) return [low, high]
  } catch {
    // not Linux: the IANA range
  }
  return [49_152, 65_535]
}

/**
 * A loopback port free right now, below the ephemeral range: the cluster's ports are chosen before
 * its processes start (the instances are told the balancer's URL, and keep their ports across
 * restarts), and a port in the ephemeral range could meanwhile be taken by any outgoing connection.
 *
 * @param pair - also needs `port + 1` free (an instance's secure site listens there)
 */
export async function freePort(pair = false): Promise<number> {
  const high = ephemeralRange()[0] - 2
  const low = Math.max(10_000, high - 20_000)
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low))
    if ((await isFree(port)) && (!pair || (await isFree(port + 1)))) return port
  }
}

/** A port P with P+1 free too (`freePort(true)`). */
export const freePortPair = () => freePort(true)
