import { THEMES, type ThemeVariables } from '../../theme/themes.js'

/**
 * Button-only token overrides. Dark's accent (#667dff) under white text is 3.5:1, below WCAG AA
 * for 15px text; the page's own dark surface on it is 5.2:1.
 */
const BUTTON_OVERRIDES: Record<'dark' | 'light', ThemeVariables> = {
  dark: { '--latch-accent-fg': THEMES.dark['--latch-bg']! },
  light: {},
}

const declarations = (mode: 'dark' | 'light') =>
  Object.entries({ ...THEMES[mode], ...BUTTON_OVERRIDES[mode] })
    .map(([name, value]) => `${name}:${value};`)
    .join('')

/** Every styled button; `data-latch-variant="unstyled"` opts a button out of all of it. */
const STYLED = '[data-latch-button]:not([data-latch-variant="unstyled"])'

/**
 * The host page's Latch buttons, as one stylesheet that lives in the host document (or in a
 * custom element's root), so a host with a strict CSP can ship it as a file instead.
 *
 * The tokens sit in `:where()` (no specificity): a host's `[data-latch-button] { --latch-accent: … }`
 * wins. The rules carry two attribute selectors so a host's element resets (`button { … }`, CSS
 * frameworks' preflight) do not undo them. Dark is the default theme (SPEC §9); the kit's theme
 * marks a button `data-latch-theme="light"`.
 */
export const BUTTON_STYLES = `
:where([data-latch-button]) { ${declarations('dark')} }
:where([data-latch-button][data-latch-theme="light"]) { ${declarations('light')} }
${STYLED} {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  box-sizing: border-box; height: 40px; margin: 0; padding: 0 16px;
  border: 1px solid var(--latch-border); border-radius: 999px;
  background: var(--latch-surface); color: var(--latch-fg); box-shadow: none;
  font: 600 15px/1 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  letter-spacing: normal; text-transform: none; text-decoration: none; white-space: nowrap;
  vertical-align: middle; cursor: pointer; appearance: none; -webkit-appearance: none;
  transition: background-color 120ms ease, border-color 120ms ease;
}
${STYLED}:hover { background: var(--latch-surface-hover); }
${STYLED}:focus-visible { outline: 2px solid var(--latch-accent); outline-offset: 2px; }
${STYLED}[aria-busy="true"] { cursor: progress; }
${STYLED}[data-latch-size="sm"] { height: 32px; padding: 0 12px; gap: 6px; font-size: 13px; }
${STYLED}[data-latch-button="connect"]:not([data-latch-connected]) {
  border-color: var(--latch-accent); background: var(--latch-accent); color: var(--latch-accent-fg);
}
${STYLED}[data-latch-button="connect"]:not([data-latch-connected]):hover { filter: brightness(1.08); }
${STYLED}:has([data-latch-part="avatar"], [data-latch-part="glyph"]) { padding-inline-start: 5px; }
${STYLED}[data-latch-size="sm"]:has([data-latch-part="avatar"], [data-latch-part="glyph"]) { padding-inline-start: 4px; }
${STYLED} [data-latch-part="avatar"], ${STYLED} [data-latch-part="glyph"] {
  flex: none; width: 28px; height: 28px; border-radius: 50%; object-fit: cover;
}
${STYLED}[data-latch-size="sm"] [data-latch-part="avatar"], ${STYLED}[data-latch-size="sm"] [data-latch-part="glyph"] {
  width: 22px; height: 22px;
}
${STYLED} [data-latch-part="glyph"] {
  display: grid; place-items: center; background: var(--latch-accent); color: var(--latch-accent-fg);
  font-size: 0.8em; font-weight: 700;
}
/* The letter is drawn, not written: the button's text (its accessible name, its innerText) stays the network's name. */
${STYLED} [data-latch-part="glyph"]::before { content: attr(data-letter); }
${STYLED} [data-latch-part="balance"] {
  padding-inline-start: 8px; border-inline-start: 1px solid var(--latch-border);
  color: var(--latch-muted); font-weight: 500;
}
${STYLED} [data-latch-part="spinner"] {
  flex: none; width: 1em; height: 1em; border: 2px solid currentColor; border-inline-end-color: transparent;
  border-radius: 50%; animation: latch-button-spin 700ms linear infinite;
}
@keyframes latch-button-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) {
  ${STYLED}, ${STYLED} [data-latch-part="spinner"] { transition: none; animation: none; }
}
`
