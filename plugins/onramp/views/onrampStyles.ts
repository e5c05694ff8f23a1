/** The on-ramp views' own rules; buttons, `.muted` and the spinner are the shell's. */
export const ONRAMP_STYLES = `
.onramp { display: flex; flex-direction: column; gap: 6px; }
.onramp label, .onramp legend { font-size: 13px; font-weight: 600; color: var(--latch-fg); }
.onramp .field {
  width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; box-sizing: border-box;
}
.onramp .field::placeholder { color: var(--latch-muted); }
.field-with-icon { position: relative; }
.field-with-icon img { position: absolute; inset-inline-start: 12px; top: 10px; width: 20px; height: 20px; border-radius: 50%; pointer-events: none; }
.field-with-icon .field { padding-inline-start: 40px; }
.providers { display: flex; flex-direction: column; gap: 6px; margin: 4px 0; padding: 0; border: 0; }
.providers legend { padding: 0; margin-bottom: 6px; }
.onramp .provider {
  display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: 2px 10px; padding: 10px 12px;
  border: 1px solid var(--latch-border); border-radius: 12px; background: var(--latch-surface); cursor: pointer; font-weight: 400;
}
.provider:has(input:checked) { border-color: var(--latch-accent); }
.provider input { grid-row: span 2; margin: 0; accent-color: var(--latch-accent); }
.provider-name { font-weight: 600; }
.provider-fee { grid-row: span 2; font-size: 12px; color: var(--latch-muted); }
.provider .muted { grid-column: 2; }
.onramp .hint { min-height: 18px; margin: 2px 0; }
.quote { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 4px 0; padding: 10px 12px; border-radius: 12px; background: var(--latch-surface); font-size: 13px; }
.quote dt { color: var(--latch-muted); }
.quote dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; }
.quote .receive { font-weight: 600; color: var(--latch-fg); }
.buy-progress { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 12px 0; text-align: center; }
.buy-progress p { margin: 0; }
.buy-progress .actions { display: flex; flex-direction: column; gap: 8px; align-self: stretch; }
`
