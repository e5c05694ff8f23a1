/** RegisterAccountName and RegisterAccountNameSuccess. */
export const NAMES_STYLES = `
.names-form { display: flex; flex-direction: column; gap: 8px; margin: 4px 0 12px; }
.names-form > .muted { margin: 0 0 4px; }
.names-form label { font-size: 13px; font-weight: 600; }
.names-field {
  display: flex; align-items: center; height: 44px; padding: 0 12px; border: 1px solid var(--latch-border);
  border-radius: 12px; background: var(--latch-surface);
}
.names-field:focus-within { border-color: var(--latch-accent); }
.names-field input { flex: 1; min-width: 0; height: 100%; border: 0; outline: none; background: none; color: var(--latch-fg); font: inherit; }
.names-suffix { color: var(--latch-muted); }
.names-hint { min-height: 18px; margin: 0; font-size: 13px; color: var(--latch-muted); }
.names-hint[data-error] { color: var(--latch-error); }
.names-suggestions { display: flex; flex-direction: column; gap: 4px; margin: 0 0 4px; padding: 0; list-style: none; }
.names-suggestion {
  display: flex; width: 100%; align-items: center; gap: 8px; padding: 8px 12px; border: 0; border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; text-align: start; cursor: pointer;
}
.names-suggestion:hover:not(:disabled) { background: var(--latch-surface-hover); }
.names-suggestion:disabled { cursor: not-allowed; }
.names-suggestion-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.names-availability { font-size: 12px; color: var(--latch-success); }
.names-availability[data-taken] { color: var(--latch-muted); }
.names-form .primary { display: inline-flex; align-items: center; justify-content: center; gap: 8px; }
.spinner.small { width: 14px; height: 14px; border-width: 2px; }
.names-success { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 12px 0; text-align: center; }
.names-success .muted { margin: 0; }
.names-success .primary { align-self: stretch; }
.names-check {
  display: grid; place-items: center; width: 48px; height: 48px; border-radius: 50%;
  background: var(--latch-surface); color: var(--latch-success); font-size: 24px; font-weight: 700;
}
.names-success-title { margin: 0; font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
`
