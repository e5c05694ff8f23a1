/** Styles of the account views, appended to the modal's stylesheet. */
export const ACCOUNT_STYLES = ``
