import type { BenchApp } from './apps.js'
import type { LoadSample } from './measureLoad.js'
import type { InitialAssets } from './measureInitialAssets.js'

/** One app on the phone profile (issue 32): medians over its fresh loads. */
export interface PhoneResult {
  buttonMs: number
  tapToContentMs: number
  /** Total blocking time to the load event + 5 s. */
  blockingMs: number
  samples: LoadSample[]
}

/** One app's figures: medians over its fresh loads, on the desktop profile unless under `phone`. */
export interface AppResult {
  id: BenchApp['id']
  label: string
  assets: InitialAssets
  /** Initial JS gzip minus the React-only baseline's. */
  ownJsGzipBytes: number
  /** All JS fetched by the load event + 2 s (lazy chunks a kit loads at start included). */
  loadedJsGzipBytes: number
  /** The same minus the baseline's. */
  ownLoadedJsGzipBytes: number
  buttonMs: number
  clickToContentMs: number
  heapBytes: number
  /** Aborted non-loopback requests per host, summed over the loads. */
  blocked: Record<string, number>
  samples: LoadSample[]
  /** Absent when the run measured the desktop only (`BENCH_PROFILES=desktop`). */
  phone?: PhoneResult
}

/** The median, or NaN for no values (a profile the run left out). */
export const median = (values: number[]) => {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Medians of the samples of both profiles, and the initial JS read against the baseline's. */
export function summarise(
  app: BenchApp,
  assets: InitialAssets,
  baseline: { jsGzipBytes: number; loadedJsGzipBytes: number },
  samples: LoadSample[],
  phoneSamples: LoadSample[] = [],
): AppResult {
  const loadedJsGzipBytes = median(samples.map((s) => s.loadedJsGzipBytes))
  const blocked: Record<string, number> = {}
  for (const sample of samples) for (const [host, count] of Object.entries(sample.blocked)) blocked[host] = (blocked[host] ?? 0) + count
  return {
    id: app.id,
    label: app.label,
    assets,
    ownJsGzipBytes: assets.jsGzipBytes - baseline.jsGzipBytes,
    loadedJsGzipBytes,
    ownLoadedJsGzipBytes: loadedJsGzipBytes - baseline.loadedJsGzipBytes,
    buttonMs: median(samples.map((s) => s.buttonMs)),
    clickToContentMs: median(samples.map((s) => s.clickToContentMs)),
    heapBytes: median(samples.map((s) => s.heapBytes)),
    blocked,
    samples,
    phone: phoneSamples.length
      ? {
          buttonMs: median(phoneSamples.map((s) => s.buttonMs)),
          tapToContentMs: median(phoneSamples.map((s) => s.clickToContentMs)),
          blockingMs: median(phoneSamples.map((s) => s.blockingMs)),
          samples: phoneSamples,
        }
      : undefined,
  }
}
