/**
 * Styles of the connecting views (ConnectingExternal, ConnectingWalletConnect and its basic
 * form): logo, QR frame, buttons and wallet links. The modal adopts them while the
 * views are registered.
 */
export const CONNECTING_STYLES = `
.connecting { display: flex; flex-direction: column; align-items: center; gap: 12px; padding: 12px 0 4px; text-align: center; }
.connecting-logo { position: relative; display: grid; place-items: center; width: 96px; height: 96px; }
.connecting-logo img, .connecting-logo .glyph { width: 72px; height: 72px; border-radius: 20px; object-fit: cover; }
.connecting-logo .glyph { display: grid; place-items: center; background: var(--latch-border); font-size: 28px; font-weight: 700; }
.connecting-logo .spinner { position: absolute; inset: 0; width: 96px; height: 96px; }
.connecting-title { margin: 0; font-size: 16px; font-weight: 600; }
.connecting-error { margin: 0; color: var(--latch-error); font-weight: 500; }
.qr-frame { display: grid; place-items: center; width: 280px; height: 280px; padding: 8px; border-radius: 20px; background: #ffffff; }
.qr-frame .qr { display: block; }
.button {
  display: inline-flex; align-items: center; justify-content: center; min-height: 40px; padding: 0 16px;
  border: 0; border-radius: 12px; background: var(--latch-accent); color: var(--latch-accent-fg, #fff);
  font: inherit; font-weight: 600; text-decoration: none; cursor: pointer;
}
.button.secondary { padding: 0 12px; border: 1px solid var(--latch-border); background: var(--latch-surface); color: var(--latch-fg); }
.button.secondary:hover:not(:disabled) { background: var(--latch-surface-hover); }
.button:disabled { opacity: 0.5; cursor: not-allowed; }
.button.secondary:disabled { opacity: 0.6; }
.wallet-links { display: flex; flex-wrap: wrap; justify-content: center; gap: 8px; margin-top: 12px; }
`
