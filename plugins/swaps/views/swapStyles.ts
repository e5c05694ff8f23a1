/**
 * Styles of the swap views; every swap view declares them (`styles`), so the modal holds them
 * while the swaps plugin is loaded.
 */
export const SWAP_STYLES = `
.swap { display: flex; flex-direction: column; gap: 8px; }
.swap-box { display: flex; flex-direction: column; gap: 6px; padding: 12px; border-radius: 16px; background: var(--latch-surface); }
.swap-box-head, .swap-box-foot { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 13px; }
.swap-box-head label, .swap-box-head span { font-weight: 600; color: var(--latch-fg); }
.swap-entry { display: flex; align-items: center; gap: 8px; }
.swap-amount {
  flex: 1; min-width: 0; height: 40px; padding: 0; border: 0; background: transparent; color: var(--latch-fg);
  font: inherit; font-size: 24px; font-variant-numeric: tabular-nums;
}
.swap-amount::placeholder { color: var(--latch-muted); }
.swap-output { flex: 1; min-width: 0; margin: 0; font-size: 24px; font-variant-numeric: tabular-nums; overflow: hidden; text-overflow: ellipsis; }
.swap-token {
  flex: none; display: inline-flex; align-items: center; gap: 6px; min-height: 36px; padding: 0 12px; border-radius: 999px;
  border: 1px solid var(--latch-border); background: var(--latch-bg); color: var(--latch-fg); font: inherit; font-weight: 600; cursor: pointer;
}
.swap-token img { width: 20px; height: 20px; border-radius: 50%; }
.swap-max { min-height: 28px; padding: 0 8px; font-size: 12px; }
.swap-switch { align-self: center; margin: -4px 0; }
.swap-details { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 4px 0; font-size: 13px; }
.swap-details dt { color: var(--latch-muted); }
.swap-details dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.swap-hint { min-height: 18px; margin: 2px 0; font-size: 13px; color: var(--latch-muted); }
.swap-error { margin: 2px 0; font-size: 13px; color: var(--latch-error); }
.swap-steps { display: flex; flex-direction: column; gap: 8px; }
`
