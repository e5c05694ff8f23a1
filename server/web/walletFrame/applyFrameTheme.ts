import { readableForeground } from './readableForeground.js'

/** The kit's theme variables the frame honours, and the frame's own variable each sets. */
const FRAME_VARIABLES: Readonly<Record<string, string>> = {
  '--latch-accent': '--accent',
  '--latch-accent-fg': '--accent-fg',
}

/** A value the browser parses as a colour, and short: nothing else may reach the frame's CSS. */
const isColour = (value: unknown): value is string => typeof value === 'string' && value.length <= 64 && CSS.supports('color', value)

/** The colour's sRGB channels as the browser computes them (any CSS colour syntax). */
function toRgb(root: HTMLElement, colour: string): [number, number, number] | undefined {
  const probe = root.ownerDocument.createElement('span')
  probe.style.color = colour
  probe.hidden = true
  root.append(probe)
  const computed = getComputedStyle(probe).color
  probe.remove()
  const channels = computed.match(/[\d.]+/g)?.slice(0, 3).map(Number)
  return channels?.length === 3 ? (channels as [number, number, number]) : undefined
}

/**
 * Applies the app's theme (SYNC_THEME) to the frame's document: the mode, and the accent
 * colours of the kit's `themeVariables`. Only a value the browser parses as a colour is taken,
 * so a parent page cannot make the frame load a URL or inject other CSS through a variable.
 * An accent without a usable foreground gets black or white, whichever reads better on it: the
 * frame's default white is illegible on a light or bright accent, and Approve is written in it.
 */
export function applyFrameTheme(root: HTMLElement, mode: 'dark' | 'light' | undefined, variables: unknown, w3mVariables?: unknown): void {
  if (mode) root.dataset.theme = mode
  applyCardTheme(root, w3mVariables)
  if (typeof variables !== 'object' || variables === null) return
  for (const [name, own] of Object.entries(FRAME_VARIABLES)) {
    const value = (variables as Record<string, unknown>)[name]
    if (isColour(value)) root.style.setProperty(own, value)
    else if (value === undefined) root.style.removeProperty(own)
  }
  const accent = (variables as Record<string, unknown>)['--latch-accent']
  if (isColour(accent) && !isColour((variables as Record<string, unknown>)['--latch-accent-fg'])) {
    const rgb = toRgb(root, accent)
    if (rgb) root.style.setProperty('--accent-fg', readableForeground(rgb))
  }
}

/** Font names and generic families, quoted or not, comma separated: no url(), no escapes, nothing that ends a declaration. */
const FONT_FAMILY = /^[\w\s,'"-]{1,200}$/
/** A corner radius the card can take: a length in px up to 32. */
const RADIUS = /^(\d{1,2}(\.\d+)?)px$/

/**
 * SPEC §3 w3mThemeVariables on the approval card: the host's background, font family and corner
 * radius (its accent comes with the theme variables, above, with a readable foreground). Each value is checked (a colour the browser parses, a plain
 * font list, a px radius up to 32): a parent page cannot load a URL or inject CSS through one.
 * A value not given goes back to the frame's own.
 */
function applyCardTheme(root: HTMLElement, w3mVariables: unknown): void {
  if (typeof w3mVariables !== 'object' || w3mVariables === null) return
  const given = w3mVariables as Record<string, unknown>
  const set = (own: string, value: string | undefined) => (value === undefined ? root.style.removeProperty(own) : root.style.setProperty(own, value))
  const background = given['--w3m-background']
  set('--card-bg', isColour(background) ? background : undefined)
  const font = given['--w3m-font-family']
  set('--card-font', typeof font === 'string' && FONT_FAMILY.test(font) && CSS.supports('font-family', font) ? font : undefined)
  const radius = given['--w3m-border-radius-master']
  const px = typeof radius === 'string' ? RADIUS.exec(radius.trim()) : null
  set('--card-radius', px && Number(px[1]) <= 32 ? `${Number(px[1])}px` : undefined)
}
