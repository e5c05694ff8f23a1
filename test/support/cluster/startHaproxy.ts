import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import { haproxyConfig, type HaproxyLayout } from './haproxyConfig.js'

/** Running HAProxy processes sharing one configuration (and its ports). */
export interface RunningHaproxy {
  processes: ChildProcess[]
  stop(): Promise<void>
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })
}

/**
 * Writes the configuration into `dir` and starts `processes` HAProxy processes on it in the
 * foreground (`-db`); resolves once the public port accepts connections. Two processes share each
 * port by SO_REUSEPORT: one process holds about 10,000 connections under a 20,000 file limit.
 */
export async function startHaproxy(dir: string, layout: HaproxyLayout, processes = 1): Promise<RunningHaproxy> {
  const file = join(dir, 'haproxy.cfg')
  writeFileSync(file, haproxyConfig(layout))
  let stderr = ''
  const children = Array.from({ length: processes }, () => {
    const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr!.on('data', (chunk) => (stderr = `${stderr}${chunk}`.slice(-4000)))
    return child
  })
  const stop = async () => {
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined
        return new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGKILL')
        })
      }),
    )
  }
  const deadline = Date.now() + 15_000
  while (!(await accepts(layout.appPort))) {
    if (children.some((child) => child.exitCode !== null) || Date.now() > deadline) {
      await stop()
      throw new Error(`HAProxy did not start (haproxy -f ${file}):\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { processes: children, stop }
}
