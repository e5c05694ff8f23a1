/**
 * The Activity tab's rows. Added to the
 * shell's StyleSheets slot, so the modal holds them while the plugin is loaded.
 */
export const ACTIVITY_STYLES = `
.activity-row { position: relative; display: flex; align-items: center; gap: 12px; min-height: 56px; padding: 6px 8px; border-radius: 12px; }
.activity-icon { position: relative; flex: none; width: 36px; height: 36px; }
.activity-icon img, .activity-icon .glyph { width: 36px; height: 36px; border-radius: 50%; display: block; background: var(--latch-border); }
.activity-direction {
  position: absolute; inset-inline-end: -4px; inset-block-end: -4px; width: 18px; height: 18px; border-radius: 50%;
  display: grid; place-items: center; font-size: 11px; font-weight: 700;
  background: var(--latch-surface); color: var(--latch-fg); border: 2px solid var(--latch-bg);
}
.activity-main { display: flex; flex-direction: column; flex: 1; min-width: 0; }
.activity-main > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.activity-heading { display: flex; align-items: baseline; gap: 6px; }
.activity-title { font-weight: 600; }
.activity-detail, .activity-date { font-size: 13px; white-space: nowrap; }
.activity-side { display: flex; flex-direction: column; align-items: flex-end; flex: none; max-width: 45%; min-width: 0; }
.activity-amount { font-variant-numeric: tabular-nums; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 100%; }
.activity-amount.incoming { color: var(--latch-success); }
.activity-status { flex: none; font-size: 12px; color: var(--latch-muted); white-space: nowrap; }
/* Confirmed is the usual end: said to screen readers, not drawn, so the row has room for what is not usual. */
.activity-status.confirmed { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.activity-status.failed { color: var(--latch-error); }
`
