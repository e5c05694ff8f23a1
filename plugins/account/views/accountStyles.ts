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
/* min-width: 0 and an ellipsis: a long name or address shortens, never runs past the dialog's edge. */
.identity { max-width: 100%; }
.identity-address { display: flex; align-items: center; justify-content: center; gap: 2px; max-width: 100%; min-width: 0; }
.identity .name, .identity .address { max-width: 100%; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.identity .name { font-size: 18px; font-weight: 600; }
.identity .address { color: var(--latch-muted); font-family: ui-monospace, monospace; font-size: 13px; }
.identity .copy { flex: none; width: 32px; height: 32px; display: inline-grid; place-items: center; }
.identity .balance { margin: 0; color: var(--latch-muted); font-size: 15px; }
.explorer { color: var(--latch-accent); font-size: 13px; text-decoration: none; }
.explorer:hover { text-decoration: underline; }
/* Rows in the account views: an icon, a label kept on one line (shortened if it must), a chevron. */
.action-list { gap: 4px; margin: 0; }
.action-row, .account-footer .row { min-height: 48px; padding: 6px 12px; gap: 12px; font-size: 15px; }
.action-row .glyph, .account-footer .row .glyph { width: 32px; height: 32px; border-radius: 10px; font-size: 14px; }
.row-label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.glyph[data-letter]::before { content: attr(data-letter) / ""; }
.chevron { flex: none; display: inline-grid; color: var(--latch-muted); }
/* Mirrored in right-to-left locales (drawn left-to-right first: see the shell's .back). */
.chevron:dir(rtl), .token-picker-chevron:dir(rtl) { direction: ltr; transform: scaleX(-1); }
.tablist { display: flex; gap: 4px; padding: 4px; border-radius: 12px; background: var(--latch-surface); }
.tablist [role="tab"] {
  flex: 1 1 auto; min-width: 0; min-height: 32px; padding: 0 6px; border: 0; border-radius: 8px; background: transparent;
  color: var(--latch-muted); font: inherit; font-weight: 600; cursor: pointer;
  /* One line per tab in every language: a long label takes more of the bar, and ellipsis only as a last resort. */
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
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
/* A name is data, in <bdi> (right-to-left isolation); its second line a span. */
.token-name > span, .token-name > bdi { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.token-value { margin-inline-start: auto; flex: none; font-variant-numeric: tabular-nums; }
.wallet-connection .secondary { margin-inline-start: auto; flex: none; }
.account-footer { display: flex; flex-direction: column; gap: 4px; }
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
/* A button beside a field keeps its label on one line: CJK text may otherwise break between any two characters. */
.field-row > button { flex: none; white-space: nowrap; }
.send .hint { min-height: 18px; margin: 4px 0; }
.send .send-label { font-size: 13px; font-weight: 600; color: var(--latch-fg); }
.token-picker { display: flex; align-items: center; gap: 10px; text-align: start; cursor: pointer; font: inherit; color: var(--latch-fg); }
.token-picker img, .token-picker .glyph {
  width: 28px; height: 28px; border-radius: 50%; flex: none; display: grid; place-items: center; background: var(--latch-border); font-weight: 700;
}
.token-picker-balance { margin-inline-start: auto; font-size: 13px; white-space: nowrap; }
.token-picker-chevron { margin-inline-start: auto; font-size: 20px; line-height: 1; color: var(--latch-muted); }
.token-picker-balance + .token-picker-chevron { margin-inline-start: 0; }
.amount-meta { display: flex; justify-content: space-between; gap: 8px; min-height: 18px; margin: 0; }
.receiver-profile { display: flex; align-items: center; gap: 8px; min-height: 24px; margin: 2px 0; font-size: 13px; color: var(--latch-fg); }
.receiver-avatar { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; background: linear-gradient(135deg, var(--latch-accent), var(--latch-border)); }
`
