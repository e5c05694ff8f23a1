/**
 * Styles of the Connect view beyond the shell's: the All Wallets row and the legal checkbox. The modal adopts them while the view is registered.
 */
export const CONNECT_STYLES = `
.all-wallets-row { margin-top: 8px; }
.legal { display: flex; gap: 10px; align-items: flex-start; margin-top: 12px; padding: 10px 12px; border-radius: 12px; background: var(--latch-surface); font-size: 13px; }
.legal input { width: 18px; height: 18px; margin: 1px 0 0; accent-color: var(--latch-accent); flex: none; }
.legal a { color: var(--latch-fg); text-decoration: underline; }
`

/** Styles of AllWallets: the search field and the virtualised grid of wallet cards. */
export const ALL_WALLETS_STYLES = `
.search {
  width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit;
}
.search::placeholder { color: var(--latch-muted); }
.wallet-scroll { height: 420px; margin-top: 12px; overflow-y: auto; contain: strict; }
.wallet-scroll.folded { height: 0; margin: 0; }
.wallet-row { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; }
.wallet-cell { min-width: 0; }
.wallet-card {
  display: flex; flex-direction: column; align-items: center; gap: 6px; width: 100%; height: 96px;
  padding: 10px 4px; border: 0; border-radius: 16px; background: var(--latch-surface);
  color: var(--latch-fg); font: inherit; font-size: 12px; cursor: pointer;
}
.wallet-card:hover { background: var(--latch-surface-hover); }
.wallet-card img, .wallet-card .glyph { width: 48px; height: 48px; border-radius: 14px; }
.wallet-card .glyph { display: grid; place-items: center; background: var(--latch-border); font-weight: 700; font-size: 18px; }
.wallet-name { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`
