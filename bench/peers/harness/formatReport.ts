import { BENCH_APPS, isLatchApp } from './apps.js'
import type { AppResult } from './summarise.js'

/**
 * Each Latch app's targets (issues 9 and 32): own initial JS and own JS fetched by load + 2 s; the
 * host's button and click (or tap)→content as multiples of the bare React baseline of the same run,
 * on both profiles; the blocking time the kit adds on the phone; and the heap against the floor
 * row, what React, MobX and tsyringe cost doing the least a modal does.
 */
export const LATCH_TARGETS = { ownJsKB: 60, ownLoadedJsKB: 150, buttonVsBaseline: 1.2, contentVsBaseline: 1.3, addedBlockingMs: 50, heapVsFloor: 1.5 }

const kb = (bytes: number) => bytes / 1024
const mb = (bytes: number) => bytes / (1024 * 1024)
const pad = (text: string, width: number, left = false) => (left ? text.padEnd(width) : text.padStart(width))
const ratio = (ours: number, theirs: number) => (theirs > 0 ? `${(ours / theirs).toFixed(2)}×` : 'n/a')
const ms = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(digits)} ms`)

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
  if (results.some((r) => r.phone)) {
    // Issue 32: the same apps on a phone: 390×844 with touch, the CPU 4× slower, opened by a tap.
    const phoneColumns = ['phone (390×844, touch, CPU 4×)', 'button', 'tap→content', 'blocking', 'added blocking']
    const phoneWidths = [30, 8, 11, 9, 14]
    const phoneRow = (cells: string[]) => cells.map((cell, i) => pad(cell, phoneWidths[i]!, i === 0)).join('  ')
    lines.push('')
    lines.push(phoneRow(phoneColumns))
    lines.push(phoneRow(phoneWidths.map((w) => '-'.repeat(w))))
    for (const r of results) {
      const added = r.id === 'baseline' || !r.phone || !baseline?.phone ? undefined : r.phone.blockingMs - baseline.phone.blockingMs
      lines.push(phoneRow([r.label, ms(r.phone?.buttonMs), ms(r.phone?.tapToContentMs, 1), ms(r.phone?.blockingMs), ms(added)]))
    }
  }
  const peers = results.filter((r) => r.id !== 'baseline' && !isLatchApp(r.id) && !BENCH_APPS.find((app) => app.id === r.id)?.reference)
  const floor = results.find((r) => r.id === 'floor')
  if (floor && baseline && Number.isFinite(floor.heapBytes)) {
    lines.push('')
    lines.push(
      `${floor.label}: heap ${mb(floor.heapBytes).toFixed(2)} MB, ${(floor.heapBytes / baseline.heapBytes).toFixed(2)}× baseline: ` +
        `the heap target is ${LATCH_TARGETS.heapVsFloor}× this row, ${mb(floor.heapBytes * LATCH_TARGETS.heapVsFloor).toFixed(2)} MB`,
    )
  }
  for (const latch of results.filter((r) => isLatchApp(r.id))) {
    if (peers.length) {
      lines.push('')
      lines.push(`${latch.label}: ratio to each peer (below 1× = Latch is smaller or faster)`)
      const ratioWidths = [30, 11, 11, 8, 13, 9, 12, 11]
      const ratioRow = (cells: string[]) => cells.map((cell, i) => pad(cell, ratioWidths[i]!, i === 0)).join('  ')
      lines.push(ratioRow(['peer', 'own initial', 'own by +2 s', 'button', 'click→content', 'heap', 'phone button', 'tap→content']))
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
            latch.phone && peer.phone ? ratio(latch.phone.buttonMs, peer.phone.buttonMs) : 'n/a',
            latch.phone && peer.phone ? ratio(latch.phone.tapToContentMs, peer.phone.tapToContentMs) : 'n/a',
          ]),
        )
      }
    }
    const check = (ok: boolean) => (ok ? 'met' : 'MISSED')
    const against = (ours: number | undefined, theirs: number | undefined, target: number, what: string) =>
      ours !== undefined && theirs ? `${(ours / theirs).toFixed(2)}× ${what} ≤ ${target}× ${check(ours / theirs <= target)}` : `n/a (no ${what})`
    const targets = [`own initial JS ${kb(latch.ownJsGzipBytes).toFixed(1)} KB ≤ ${LATCH_TARGETS.ownJsKB} KB ${check(kb(latch.ownJsGzipBytes) <= LATCH_TARGETS.ownJsKB)}`]
    // The rest of the desktop targets need desktop loads: BENCH_PROFILES=phone skips them.
    if (Number.isFinite(latch.buttonMs)) targets.push(
      `own by +2 s ${kb(latch.ownLoadedJsGzipBytes).toFixed(1)} KB ≤ ${LATCH_TARGETS.ownLoadedJsKB} KB ${check(kb(latch.ownLoadedJsGzipBytes) <= LATCH_TARGETS.ownLoadedJsKB)}`,
      `button ${ms(latch.buttonMs)}, ${against(latch.buttonMs, baseline?.buttonMs, LATCH_TARGETS.buttonVsBaseline, 'baseline')}`,
      `click→content ${ms(latch.clickToContentMs, 1)}, ${against(latch.clickToContentMs, baseline?.clickToContentMs, LATCH_TARGETS.contentVsBaseline, 'baseline')}`,
    )
    if (latch.phone && baseline?.phone) {
      const added = latch.phone.blockingMs - baseline.phone.blockingMs
      targets.push(
        `phone button ${ms(latch.phone.buttonMs)}, ${against(latch.phone.buttonMs, baseline.phone.buttonMs, LATCH_TARGETS.buttonVsBaseline, 'baseline')}`,
        `tap→content ${ms(latch.phone.tapToContentMs, 1)}, ${against(latch.phone.tapToContentMs, baseline.phone.tapToContentMs, LATCH_TARGETS.contentVsBaseline, 'baseline')}`,
        `added blocking on the phone ${ms(added)} ≤ ${LATCH_TARGETS.addedBlockingMs} ms ${check(added <= LATCH_TARGETS.addedBlockingMs)}`,
      )
    }
    if (Number.isFinite(latch.heapBytes)) targets.push(`heap ${mb(latch.heapBytes).toFixed(2)} MB, ${against(latch.heapBytes, floor?.heapBytes, LATCH_TARGETS.heapVsFloor, 'floor')}`)
    lines.push('')
    lines.push(`${latch.label}: targets:`)
    for (const target of targets) lines.push(`  ${target}`)
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
