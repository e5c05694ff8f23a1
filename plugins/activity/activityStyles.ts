/**
 * The Activity tab's own rules; its rows reuse the account plugin's token rows. Added to the
 * shell's StyleSheets slot, so the modal holds them while the plugin is loaded.
 */
export const ACTIVITY_STYLES = `
.capitalize { text-transform: capitalize; }
`
