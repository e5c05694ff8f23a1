/** The space the frame covers while the visitor approves a request in it. */
export const APPROVE_TRANSACTION_STYLES = `
.approve-frame-slot { height: 360px; border-radius: 16px; background: var(--latch-surface, transparent); }
`
