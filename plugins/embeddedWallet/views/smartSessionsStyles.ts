/** Styles of the Permissions view: one bordered row per permission, its end muted, Revoke at the row's end. */
export const SMART_SESSIONS_STYLES = `
.smart-sessions { display: flex; flex-direction: column; gap: 12px; }
.smart-sessions > p { margin: 0; text-align: center; }
.smart-sessions ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.smart-session {
  display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; align-items: center;
  padding: 12px; border: 1px solid var(--latch-border); border-radius: 12px; overflow-wrap: anywhere;
}
.smart-session .muted { grid-column: 1; font-size: 13px; color: var(--latch-muted); }
.smart-session button { grid-column: 2; grid-row: 1 / span 2; }
.smart-sessions-error:empty { display: none; }
`
