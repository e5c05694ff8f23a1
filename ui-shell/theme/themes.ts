/** Theme variables, written as CSS custom properties on the modal's shadow host. */
export type ThemeVariables = Record<`--latch-${string}`, string>

/** Dark is the default (SPEC §9); the accent differs by theme. */
export const THEMES: Record<'dark' | 'light', ThemeVariables> = {
  dark: {
    '--latch-bg': '#141518',
    '--latch-surface': '#1f2125',
    '--latch-surface-hover': '#2a2c31',
    '--latch-fg': '#f1f2f4',
    '--latch-muted': '#9a9ea6',
    '--latch-border': '#2e3036',
    '--latch-accent': '#667dff',
    // Dark text on the accent: white on #667dff is 3.5:1, under WCAG AA's 4.5:1 (this is 5.5:1);
    // a darker accent would fail as text on the dark background instead.
    '--latch-accent-fg': '#0b0d1a',
    '--latch-error': '#f25a67',
    '--latch-success': '#26d962',
    '--latch-backdrop': 'rgba(0, 0, 0, 0.6)',
  },
  light: {
    '--latch-bg': '#ffffff',
    '--latch-surface': '#f3f4f6',
    '--latch-surface-hover': '#e7e9ec',
    '--latch-fg': '#141518',
    '--latch-muted': '#5f636b',
    '--latch-border': '#e1e3e7',
    '--latch-accent': '#3347d6',
    '--latch-accent-fg': '#ffffff',
    '--latch-error': '#c4232f',
    '--latch-success': '#14823b',
    '--latch-backdrop': 'rgba(20, 21, 24, 0.35)',
  },
}

/** Turns theme variables into a `:host` declaration block; only `--latch-*` names pass. */
export function themeDeclarations(mode: 'dark' | 'light', overrides: Record<string, string | number> = {}): string {
  const variables: Record<string, string> = { ...THEMES[mode] }
  for (const [name, value] of Object.entries(overrides)) {
    // Host-supplied values go into a stylesheet: refuse anything that could close the block.
    if (/^--latch-[a-z0-9-]+$/.test(name) && !/[;{}<>]/.test(String(value))) variables[name] = String(value)
  }
  return Object.entries(variables)
    .map(([name, value]) => `${name}:${value};`)
    .join('')
}
