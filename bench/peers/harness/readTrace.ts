/** One frame of a sampled stack, as V8 names it (line and column 0-based). */
export interface TraceFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

/** A main-thread task and the stacks sampled while it ran (leaf first). */
export interface TraceTask {
  /** ms since the page's navigation start. */
  start: number
  duration: number
  stacks: TraceFrame[][]
  /** The trace events nested in the task (parsing, style, layout, GC…): name to time inside them, nested ones counted once. */
  events: Map<string, number>
}

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown> }
}

interface ProfileNode {
  id: number
  parent?: number
  callFrame: TraceFrame
}

/**
 * The renderer main thread's tasks of a Chromium trace (categories `devtools.timeline` and
 * `disabled-by-default-v8.cpu_profiler`) recorded while `pageUrl` loaded, each with the samples
 * the CPU profiler took inside it. Times are read from the page's own navigation start, as the
 * `longtask` observer's are.
 */
export function readTrace(events: TraceEvent[], pageUrl: string): TraceTask[] {
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? '').startsWith(pageUrl),
  )
  if (!navigation) throw new Error(`no navigationStart for ${pageUrl} in the trace`)
  const { pid } = navigation
  const mainTid = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid ?? navigation.tid

  // The profile's samples: nodes and time deltas arrive in chunks under the profile's id.
  const nodes = new Map<number, ProfileNode>()
  const samples: Array<{ time: number; node: number }> = []
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === mainTid)
  if (profile) {
    let time = Number((profile.args?.data as { startTime: number }).startTime)
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.pid !== pid || chunk.id !== profile.id) continue
      const data = chunk.args!.data as { cpuProfile: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      for (const node of data.cpuProfile.nodes ?? []) nodes.set(node.id, node)
      const deltas = data.timeDeltas ?? []
      ;(data.cpuProfile.samples ?? []).forEach((node, i) => {
        time += deltas[i] ?? 0
        samples.push({ time, node })
      })
    }
    samples.sort((a, b) => a.time - b.time)
  }
  const stackOf = (id: number): TraceFrame[] => {
    const stack: TraceFrame[] = []
    for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) stack.push(node.callFrame)
    return stack
  }

  const onMain = events.filter((e) => e.ph === 'X' && e.pid === pid && e.tid === mainTid && e.ts >= navigation.ts).sort((a, b) => a.ts - b.ts)
  return onMain
    .filter((e) => e.name === 'RunTask')
    .map((task) => {
      const end = task.ts + (task.dur ?? 0)
      const inside = samples.filter((s) => s.time >= task.ts && s.time < end)
      return {
        start: (task.ts - navigation.ts) / 1000,
        duration: (task.dur ?? 0) / 1000,
        stacks: inside.map((s) => stackOf(s.node)),
        events: selfTimes(onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end)),
      }
    })
}

/** Each event name's own time (its duration less that of the events nested in it), in ms. */
function selfTimes(nested: TraceEvent[]): Map<string, number> {
  const totals = new Map<string, number>()
  const open: Array<{ event: TraceEvent; end: number; self: number }> = []
  const close = (until: number) => {
    while (open.length && open[open.length - 1]!.end <= until) {
      const done = open.pop()!
      totals.set(done.event.name, (totals.get(done.event.name) ?? 0) + done.self / 1000)
    }
  }
  for (const event of nested) {
    close(event.ts)
    const dur = event.dur ?? 0
    if (open.length) open[open.length - 1]!.self -= dur
    open.push({ event, end: event.ts + dur, self: dur })
  }
  close(Infinity)
  return totals
}
