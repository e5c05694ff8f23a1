/**
 * What the page probe looks for: the first element matching `selector`, in the document or in
 * any shadow root (open or closed), whose text contains `text` when given (runs of white space
 * count as one space).
 */
export interface ProbeTarget {
  selector: string
  text?: string
}

/**
 * Which plugins a Latch app registers: apps/latch/plugins.<variant>.js. 'core' (no plugin) is
 * the fallback when the built package lacks what the variant imports or it does not build.
 */
export type LatchVariant = 'connectors' | 'all' | 'core'

/** One host app of the comparison: its folder under apps/ and what the probe waits for. */
export interface BenchApp {
  id: 'baseline' | 'latch' | 'latch-all' | 'floor' | 'appkit' | 'rainbowkit' | 'onboard'
  label: string
  /** A reference page, not a kit: measured like the others, compared with no peer. */
  reference?: true
  /**
   * Latch apps only: the plugins they register. Every Latch app is apps/latch/ (one main.jsx)
   * built with its own plugins module, under its own id.
   */
  latchPlugins?: Exclude<LatchVariant, 'core'>
  /** The connect button a visitor clicks. */
  button: ProbeTarget
  /** The modal's first content: its title, laid out once the modal shows. */
  modalContent: ProbeTarget
}

/** The apps, the React-only baseline first: every "own" figure is read against it. */
export const BENCH_APPS: readonly BenchApp[] = [
  {
    id: 'baseline',
    label: 'React only (bare <dialog>)',
    button: { selector: 'button[data-bench="connect"]' },
    modalContent: { selector: 'dialog h2' },
  },
  {
    id: 'latch',
    label: 'Latch (connectors)',
    latchPlugins: 'connectors',
    button: { selector: 'button[data-latch-button="connect"]' },
    modalContent: { selector: 'dialog h2.title' },
  },
  {
    id: 'latch-all',
    label: 'Latch (every plugin)',
    latchPlugins: 'all',
    button: { selector: 'button[data-latch-button="connect"]' },
    modalContent: { selector: 'dialog h2.title' },
  },
  {
    id: 'floor',
    label: 'Floor: React + MobX + tsyringe',
    reference: true,
    button: { selector: 'button[data-bench="connect"]' },
    modalContent: { selector: 'dialog h2' },
  },
  {
    id: 'appkit',
    label: 'Reown AppKit 1.7.10 + wagmi',
    // <appkit-button> → <appkit-connect-button> → <wui-connect-button>, whose shadow holds the <button>.
    button: { selector: 'wui-connect-button' },
    // The header's title, a <wui-text> in <w3m-header>'s shadow root.
    modalContent: { selector: 'wui-text', text: 'Connect Wallet' },
  },
  {
    id: 'rainbowkit',
    label: 'RainbowKit 2 + wagmi',
    button: { selector: 'button[data-testid="rk-connect-button"]' },
    modalContent: { selector: '[role="dialog"] h1', text: 'Connect a Wallet' },
  },
  {
    id: 'onboard',
    label: 'web3-onboard',
    button: { selector: 'button[data-bench="connect"]' },
    // The Svelte modal in <onboard-v2>'s shadow root; its sidebar title is a div.
    modalContent: { selector: '.subheading', text: 'Connect your wallet' },
  },
]

/** Whether a result or app id is one of the Latch apps. */
export const isLatchApp = (id: string) => BENCH_APPS.some((app) => app.id === id && app.latchPlugins !== undefined)
