/** The sign view's layout, in the modal's shadow root while the plugin is loaded. */
export const SIWX_STYLES = `
.siwx { display: grid; gap: 12px; text-align: center; padding: 8px 4px 4px; }
.siwx-lead { margin: 0; font-weight: 600; }
.siwx .muted { margin: 0; }
.siwx-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 8px; }
`
