/**
 * Styles of the Connect view beyond the shell's: wallet rows disabled while the legal checkbox
 * is unticked, and the checkbox itself. The modal adopts them while the view is registered.
 */
export const CONNECT_STYLES = `
.row:disabled { opacity: 0.5; cursor: not-allowed; }
.legal { display: flex; gap: 10px; align-items: flex-start; margin-top: 12px; padding: 10px 12px; border-radius: 12px; background: var(--latch-surface); font-size: 13px; }
.legal input { width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--latch-accent); flex: none; }
.legal a { color: var(--latch-fg); text-decoration: underline; }
`
