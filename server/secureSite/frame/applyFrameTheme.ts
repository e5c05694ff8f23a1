/** The kit's theme variables the frame honours, and the frame's own variable each sets. */
const FRAME_VARIABLES: Readonly<Record<string, string>> = {
  '--latch-accent': '--accent',
  '--latch-accent-fg': '--accent-fg',
}

/**
 * Applies the app's theme (SYNC_THEME) to the frame's document: the mode, and the accent
 * colours of the kit's `themeVariables`. Only a value the browser parses as a colour is taken,
 * so a parent page cannot make the frame load a URL or inject other CSS through a variable.
 */
export function applyFrameTheme(root: HTMLElement, mode: 'dark' | 'light' | undefined, variables: unknown): void {
  if (mode) root.dataset.theme = mode
  if (typeof variables !== 'object' || variables === null) return
  for (const [name, own] of Object.entries(FRAME_VARIABLES)) {
    const value = (variables as Record<string, unknown>)[name]
    if (typeof value === 'string' && value.length <= 64 && CSS.supports('color', value)) root.style.setProperty(own, value)
    else if (value === undefined) root.style.removeProperty(own)
  }
}
