/** Connect's social section. */
export const SOCIAL_STYLES = `
.social-list { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 8px; margin: 4px 0 12px; padding: 0; list-style: none; }
.social-button {
  display: flex; align-items: center; justify-content: center; gap: 8px;
  width: 100%; height: 44px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; font-weight: 600; cursor: pointer;
}
.social-button img { width: 20px; height: 20px; border-radius: 5px; flex: none; }
.social-button:hover:not(:disabled) { border-color: var(--latch-accent); }
.social-button:focus-visible { outline: 2px solid var(--latch-accent); outline-offset: 2px; }
.social-button:disabled { cursor: progress; opacity: 0.7; }
.social-status { margin: 0; font-size: 13px; color: var(--latch-muted); }
.social-error { min-height: 18px; margin: 0; font-size: 13px; color: var(--latch-error); }
`
