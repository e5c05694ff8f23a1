/** SPEC §4's popup size (600x800), as for social login. */
const POPUP_FEATURES = 'popup,width=600,height=800'

/**
 * Opens the provider's checkout in a popup. The popup gets no handle on this page (`opener`
 * cleared), yet the kit keeps its own handle to know whether the browser blocked it.
 *
 * @param url - an http(s) page of the configured backend (checked by the on-ramp service)
 * @returns false when the browser blocked the popup
 */
export function openCheckoutPopup(url: string): boolean {
  const popup = window.open(url, 'latch-onramp-checkout', POPUP_FEATURES)
  if (!popup) return false
  try {
    popup.opener = null
  } catch {
    // Opened again while the checkout shows (another origin): the browser forbids setting its
    // opener, which the first open already cleared.
  }
  return true
}
