/** Styles of the Account type view: the address in full, broken anywhere so it never runs past the dialog's edge. */
export const ACCOUNT_TYPE_STYLES = `
.account-type { display: flex; flex-direction: column; gap: 12px; text-align: center; }
.account-type > p { margin: 0; }
.account-type .address {
  display: block; margin-top: 6px; font-family: ui-monospace, monospace; font-size: 13px;
  color: var(--latch-muted); overflow-wrap: anywhere;
}
.account-type-error:empty { display: none; }
`
