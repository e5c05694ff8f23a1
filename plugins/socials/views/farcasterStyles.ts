/** ConnectingFarcaster's layout: the QR code on white, the link and its status below. */
export const FARCASTER_STYLES = `
.farcaster { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 8px 0 4px; }
.farcaster-qr { display: grid; place-items: center; width: 264px; height: 264px; border-radius: 16px; background: #ffffff; }
.farcaster-title { margin: 0; font-weight: 600; }
.farcaster-uri { width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid var(--latch-border); border-radius: 10px; background: var(--latch-surface); color: var(--latch-fg); font: 12px ui-monospace, monospace; }
.farcaster-actions { display: flex; gap: 8px; width: 100%; }
.farcaster-actions > * { flex: 1; text-align: center; text-decoration: none; box-sizing: border-box; }
.farcaster-status { min-height: 18px; margin: 0; font-size: 13px; }
.farcaster-status[data-error] { color: var(--latch-error); }
`
