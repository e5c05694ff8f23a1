/**
 * Styles of the account views and their tab panels; every account view declares them
 * (`styles`), so the modal holds them while the account plugin is loaded.
 */
export const ACCOUNT_STYLES = `
.account { display: flex; flex-direction: column; gap: 12px; }
.network-pill {
  align-self: center; display: inline-flex; align-items: center; gap: 8px; padding: 6px 12px;
  border: 1px solid var(--latch-border); border-radius: 999px; background: var(--latch-surface);
  color: var(--latch-fg); font: inherit; font-size: 13px; cursor: pointer;
}
.network-pill:hover { background: var(--latch-surface-hover); }
.network-pill .dot { width: 8px; height: 8px; border-radius: 50%; background: var(--latch-success); }
.network-pill .dot[data-unsupported] { background: var(--latch-error); }
.identity { display: flex; flex-direction: column; align-items: center; gap: 4px; text-align: center; }
.avatar { width: 64px; height: 64px; border-radius: 50%; object-fit: cover; background: linear-gradient(135deg, var(--latch-accent), var(--latch-border)); }
.identity-name { display: flex; align-items: center; gap: 4px; }
.identity .name { font-size: 18px; font-weight: 600; }
.identity .balance { margin: 0; color: var(--latch-muted); font-size: 15px; }
.explorer { color: var(--latch-accent); font-size: 13px; text-decoration: none; }
.explorer:hover { text-decoration: underline; }
.actions { display: grid; grid-template-columns: repeat(auto-fit, minmax(64px, 1fr)); gap: 8px; }
.action {
  min-height: 40px; padding: 0 12px; border-radius: 12px; font: inherit; font-weight: 600; cursor: pointer;
  border: 1px solid var(--latch-border); background: var(--latch-surface); color: var(--latch-fg);
}
.action:hover { background: var(--latch-surface-hover); }
.tablist { display: flex; gap: 4px; padding: 4px; border-radius: 12px; background: var(--latch-surface); }
.tablist [role="tab"] {
  flex: 1; min-height: 32px; border: 0; border-radius: 8px; background: transparent; color: var(--latch-muted);
  font: inherit; font-weight: 600; cursor: pointer;
}
.tablist [role="tab"][aria-selected="true"] { background: var(--latch-bg); color: var(--latch-fg); }
.tabpanel { margin-top: 8px; max-height: 216px; overflow-y: auto; }
.token-row, .wallet-connection {
  display: flex; align-items: center; gap: 12px; min-height: 52px; padding: 6px 8px; border-radius: 12px;
}
.token-row img, .token-row .glyph, .wallet-connection img, .wallet-connection .glyph {
  width: 36px; height: 36px; border-radius: 50%; flex: none; display: grid; place-items: center;
  background: var(--latch-border); font-weight: 700;
}
.token-name { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.token-name > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-value { margin-inline-start: auto; flex: none; font-variant-numeric: tabular-nums; }
.wallet-connection .secondary { margin-inline-start: auto; flex: none; }
.account-footer { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
.account-footer .row { min-height: 44px; padding: 4px 8px; gap: 8px; font-size: 14px; }
.account-footer .row .glyph { width: 32px; height: 32px; }
.disconnect .glyph { color: var(--latch-error); }
.waiting, .receive, .stack { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; padding: 8px 0; }
.stack { align-items: stretch; text-align: start; }
.spinner.large { width: 40px; height: 40px; }
.address-text { margin: 0; font-family: ui-monospace, monospace; font-size: 13px; word-break: break-all; }
.address-text > span { display: block; }
.send { display: flex; flex-direction: column; gap: 6px; }
.send label { font-size: 13px; font-weight: 600; color: var(--latch-fg); }
.field {
  width: 100%; height: 40px; padding: 0 12px; border: 1px solid var(--latch-border); border-radius: 12px;
  background: var(--latch-surface); color: var(--latch-fg); font: inherit; box-sizing: border-box;
}
.field::placeholder { color: var(--latch-muted); }
.field-row { display: flex; gap: 8px; }
.send .hint { min-height: 18px; margin: 4px 0; }
.send .send-label { font-size: 13px; font-weight: 600; color: var(--latch-fg); }
.token-picker { display: flex; align-items: center; gap: 10px; text-align: start; cursor: pointer; font: inherit; color: var(--latch-fg); }
.token-picker img, .token-picker .glyph, .token-choice img, .token-choice .glyph {
  width: 28px; height: 28px; border-radius: 50%; flex: none; display: grid; place-items: center; background: var(--latch-border); font-weight: 700;
}
.token-picker-balance { margin-inline-start: auto; font-size: 13px; white-space: nowrap; }
.token-picker-chevron { margin-inline-start: auto; font-size: 20px; line-height: 1; color: var(--latch-muted); }
.token-picker-balance + .token-picker-chevron { margin-inline-start: 0; }
.amount-meta { display: flex; justify-content: space-between; gap: 8px; min-height: 18px; margin: 0; }
.receiver-profile { display: flex; align-items: center; gap: 8px; min-height: 24px; margin: 2px 0; font-size: 13px; color: var(--latch-fg); }
.receiver-avatar { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; background: linear-gradient(135deg, var(--latch-accent), var(--latch-border)); }
`
