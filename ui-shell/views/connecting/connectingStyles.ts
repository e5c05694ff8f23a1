/** Styles of the connecting views, appended to the modal's stylesheet. */
export const CONNECTING_STYLES = ``
