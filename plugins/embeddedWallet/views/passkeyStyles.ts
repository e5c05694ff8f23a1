/** The passkey view: the box the frame covers while it offers the secure window, then the outcome. */
export const PASSKEY_STYLES = `
.passkey { display: flex; flex-direction: column; gap: 12px; text-align: center; }
.passkey > p { margin: 0; }
.passkey-frame-slot { height: 280px; border-radius: 16px; background: var(--latch-surface, transparent); }
.passkey-status { color: var(--latch-muted); }
.passkey-status:empty, .passkey-error:empty { display: none; }
`

/** Connect's "Continue with a passkey", shaped like the social buttons beside it. */
export const PASSKEY_METHOD_STYLES = `
.passkey-method { margin: 0 0 12px; }
.passkey-button {
  display: flex; align-items: center; justify-content: center; gap: 8px;
  width: 100%; height: 44px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; font-weight: 600; cursor: pointer;
}
.passkey-button:hover { border-color: var(--latch-accent); }
.passkey-button:focus-visible { outline: 2px solid var(--latch-accent); outline-offset: 2px; }
`
