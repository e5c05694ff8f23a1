/** WCAG 2 relative luminance of an sRGB channel (0–255). */
function channelLuminance(value: number): number {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}

/**
 * Black or white, whichever reads better on `rgb` (WCAG 2 contrast ratio): the text colour for
 * an accent the app chose without a foreground, so Approve stays legible on any accent.
 *
 * @param rgb - the background's red, green and blue, 0–255
 * @returns `'#000000'` or `'#ffffff'`
 * @example
 * readableForeground([255, 0, 0]) // '#000000' (5.3:1, where white gives 4.0:1)
 */
export function readableForeground([red, green, blue]: readonly [number, number, number]): '#000000' | '#ffffff' {
  const luminance = 0.2126 * channelLuminance(red) + 0.7152 * channelLuminance(green) + 0.0722 * channelLuminance(blue)
  const onWhite = 1.05 / (luminance + 0.05)
  const onBlack = (luminance + 0.05) / 0.05
  return onBlack > onWhite ? '#000000' : '#ffffff'
}
