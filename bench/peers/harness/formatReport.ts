import { BENCH_APPS, isLatchApp } from './apps.js'
import type { AppResult } from './summarise.js'

/**
 * Each Latch app's targets (issue 9): own initial JS and own JS fetched by load + 2 s, and
 * click→content and heap as multiples of the bare React baseline of the same run.
 */
export const LATCH_TARGETS = { ownJsKB: 60, ownLoadedJsKB: 150, clickToContentVsBaseline: 1.3, heapVsBaseline: 1.6 }

const kb = (bytes: number) => bytes / 1024
const mb = (bytes: number) => bytes / (1024 * 1024)
const pad = (text: string, width: number, left = false) => (left ? text.padEnd(width) : text.padStart(width))
const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : 'n/a')

/**
 * The side-by-side table, Latch's ratio to each peer, its targets, and the notes
 * (what Latch's app contained, what each peer tried to reach).
 */
export function formatReport(results: AppResult[], loads: number, notes: string[]): string {
  const lines: string[] = []
  const columns = ['app', 'initial JS gz', 'own initial', 'own by +2 s', 'button', 'click→content', 'heap (GC)', 'blocked']
  const widths = [30, 13, 11, 11, 8, 13, 9, 7]
  const row = (cells: string[]) => cells.map((cell, i) => pad(cell, widths[i]!, i === 0)).join('  ')
  lines.push(`Median of ${loads} fresh loads each (Vite production builds, Chromium, non-loopback requests aborted)`)
  lines.push('')
  lines.push(row(columns))
  lines.push(row(widths.map((w) => '-'.repeat(w))))
  for (const r of results) {
    const own = (bytes: number) => (r.id === 'baseline' ? '—' : `${kb(bytes).toFixed(1)} KB`)
    const blocked = Object.values(r.blocked).reduce((sum, n) => sum + n, 0) / loads
    lines.push(
      row([
        r.label,
        `${kb(r.assets.jsGzipBytes).toFixed(1)} KB`,
        own(r.ownJsGzipBytes),
        own(r.ownLoadedJsGzipBytes),
        `${r.buttonMs.toFixed(0)} ms`,
        `${r.clickToContentMs.toFixed(1)} ms`,
        `${mb(r.heapBytes).toFixed(2)} MB`,
        blocked.toFixed(0),
      ]),
    )
  }

  const baseline = results.find((r) => r.id === 'baseline')
  const peers = results.filter((r) => r.id !== 'baseline' && !isLatchApp(r.id) && !BENCH_APPS.find((app) => app.id === r.id)?.reference)
  const floor = results.find((r) => r.id === 'floor')
  if (floor && baseline) {
    // What the heap target leaves a kit once the packages the architecture fixes are paid for.
    const budget = baseline.heapBytes * LATCH_TARGETS.heapVsBaseline - floor.heapBytes
    lines.push('')
    lines.push(
      `${floor.label}: heap ${mb(floor.heapBytes).toFixed(2)} MB, ${(floor.heapBytes / baseline.heapBytes).toFixed(2)}× baseline: ` +
        `under the ${LATCH_TARGETS.heapVsBaseline}× heap target, ${mb(budget).toFixed(2)} MB is left for a kit's kernel, shell and plugins`,
    )
  }
  for (const latch of results.filter((r) => isLatchApp(r.id))) {
    if (peers.length) {
      lines.push('')
      lines.push(`${latch.label}: ratio to each peer (below 1× = Latch is smaller or faster)`)
      const ratioWidths = [30, 11, 11, 8, 13, 9]
      const ratioRow = (cells: string[]) => cells.map((cell, i) => pad(cell, ratioWidths[i]!, i === 0)).join('  ')
      lines.push(ratioRow(['peer', 'own initial', 'own by +2 s', 'button', 'click→content', 'heap']))
      lines.push(ratioRow(ratioWidths.map((w) => '-'.repeat(w))))
      for (const peer of peers) {
        lines.push(
          ratioRow([
            peer.label,
            ratio(latch.ownJsGzipBytes, peer.ownJsGzipBytes),
            ratio(latch.ownLoadedJsGzipBytes, peer.ownLoadedJsGzipBytes),
            ratio(latch.buttonMs, peer.buttonMs),
            ratio(latch.clickToContentMs, peer.clickToContentMs),
            ratio(latch.heapBytes, peer.heapBytes),
          ]),
        )
      }
    }
    const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
    const vsBaseline = (ours: number, target: number, theirs: number | undefined) =>
      theirs ? `${(ours / theirs).toFixed(2)}× baseline ≤ ${target}× ${check(ours / theirs <= target)}` : 'n/a (no baseline)'
    lines.push('')
    lines.push(
      `${latch.label}: targets: own initial JS ${kb(latch.ownJsGzipBytes).toFixed(1)} KB ≤ ${LATCH_TARGETS.ownJsKB} KB ${check(kb(latch.ownJsGzipBytes) <= LATCH_TARGETS.ownJsKB)}; ` +
        `own by +2 s ${kb(latch.ownLoadedJsGzipBytes).toFixed(1)} KB ≤ ${LATCH_TARGETS.ownLoadedJsKB} KB ${check(kb(latch.ownLoadedJsGzipBytes) <= LATCH_TARGETS.ownLoadedJsKB)}; ` +
        `click→content ${latch.clickToContentMs.toFixed(1)} ms, ${vsBaseline(latch.clickToContentMs, LATCH_TARGETS.clickToContentVsBaseline, baseline?.clickToContentMs)}; ` +
        `heap ${mb(latch.heapBytes).toFixed(2)} MB, ${vsBaseline(latch.heapBytes, LATCH_TARGETS.heapVsBaseline, baseline?.heapBytes)}`,
    )
  }

  lines.push('')
  lines.push('Notes')
  for (const note of notes) lines.push(`- ${note}`)
  for (const r of results) {
    const hosts = Object.entries(r.blocked)
      .sort((a, b) => b[1] - a[1])
      .map(([host, count]) => `${host} ×${+(count / loads).toFixed(1)}`)
    if (hosts.length) lines.push(`- ${r.label} tried to reach (per load, aborted): ${hosts.join(', ')}`)
  }
  return lines.join('\n')
}
