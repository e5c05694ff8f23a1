/**
 * The faucet's CSS, carried by its view definition: the modal adopts it into its shadow root
 * while the plugin is loaded and drops it on unload. Every class starts with `faucet-`, so it
 * cannot restyle the shell or another plugin; colours come from the theme's `--latch-*` variables.
 */
export const FAUCET_STYLES = `
.faucet-row {
  display: flex; align-items: center; gap: 12px; width: 100%; min-height: 56px; margin-top: 8px; padding: 8px 12px;
  border: 1px dashed var(--latch-border); border-radius: 16px; background: transparent; color: var(--latch-fg);
  font: inherit; font-weight: 500; text-align: start; cursor: pointer;
}
.faucet-row:hover { background: var(--latch-surface-hover); }
.faucet-drop {
  display: grid; place-items: center; width: 40px; height: 40px; flex: none; border-radius: 50%;
  background: var(--latch-surface); font-size: 20px;
}
.faucet-view { display: grid; gap: 12px; padding-top: 4px; text-align: center; }
.faucet-lede { margin: 0; color: var(--latch-muted); font-size: 14px; }
.faucet-address {
  justify-self: center; padding: 6px 12px; border-radius: 999px; background: var(--latch-surface);
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 14px;
}
.faucet-button {
  height: 44px; border: 1px solid var(--latch-accent); border-radius: 14px; background: var(--latch-surface);
  color: var(--latch-fg); font: inherit; font-weight: 600; cursor: pointer;
}
.faucet-button:hover:not(:disabled) { background: var(--latch-surface-hover); }
.faucet-button:disabled { opacity: 0.5; cursor: not-allowed; }
.faucet-status { min-height: 1.4em; margin: 0; font-size: 13px; }
.faucet-status[data-status="funded"] { color: var(--latch-success); }
.faucet-status[data-status="failed"] { color: var(--latch-error); }
`
