import type { SimpleIcon } from 'simple-icons'

/**
 * A social brand's mark (`simple-icons`, CC0) drawn white on a rounded tile of the brand's
 * colour, so it reads the same on the light and the dark theme (a black X on dark would not).
 *
 * @param icon - the simple-icons entry
 * @returns SVG source, 24 by 24
 */
export function socialMarkSvg(icon: SimpleIcon): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><title>${icon.title}</title>` +
    `<rect width="24" height="24" rx="6" fill="#${icon.hex}"/>` +
    `<path transform="translate(5 5) scale(.5833)" fill="#fff" d="${icon.path}"/></svg>`
  )
}
