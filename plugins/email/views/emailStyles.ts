/** The email section of Connect and the EmailLogin view. */
export const EMAIL_STYLES = `
.email-form { display: flex; flex-direction: column; gap: 8px; margin: 4px 0 12px; }
.email-form label { font-size: 13px; font-weight: 600; }
.email-field {
  width: 100%; height: 44px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; box-sizing: border-box;
}
.email-field::placeholder { color: var(--latch-muted); }
.email-field.otp { letter-spacing: 0.4em; text-align: center; font-size: 20px; font-variant-numeric: tabular-nums; }
.latch-code-field { display: block; width: 100%; height: 96px; border: 0; background: transparent; color-scheme: normal; }
.email-error { min-height: 18px; margin: 0; font-size: 13px; color: var(--latch-error); }
.email-step { display: flex; flex-direction: column; gap: 12px; padding: 8px 0; text-align: center; }
.email-step .muted { margin: 0; }
.email-link { border: 0; background: none; color: var(--latch-accent); font: inherit; cursor: pointer; padding: 4px; }
.email-link:disabled { color: var(--latch-muted); cursor: not-allowed; }
`
