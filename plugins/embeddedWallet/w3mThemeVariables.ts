import type { W3mThemeVariables } from '../../chains/auth/frameProtocol.js'

/** The host's theme variable each of the frame's card variables comes from. */
const FROM_HOST: ReadonlyArray<[keyof W3mThemeVariables, string]> = [
  ['--w3m-accent', '--latch-accent'],
  ['--w3m-background', '--latch-bg'],
  ['--w3m-font-family', '--latch-font-family'],
  ['--w3m-border-radius-master', '--latch-border-radius'],
]

/**
 * SPEC §3's w3mThemeVariables: what the embedded wallet's frame draws its card with, from the
 * host's theme variables: its accent and background (`--latch-accent`, `--latch-bg`), font family
 * (`--latch-font-family`) and corner radius (`--latch-border-radius`). A variable the host did not
 * give is left out: the card keeps the secure site's own for the mode. The frame checks every
 * value again, trusting nothing from the page.
 *
 * @example w3mThemeVariables({ '--latch-font-family': 'Georgia, serif' }) // { '--w3m-font-family': 'Georgia, serif' }
 */
export function w3mThemeVariables(host: Readonly<Record<string, string | number>> = {}): W3mThemeVariables {
  const variables: W3mThemeVariables = {}
  for (const [own, name] of FROM_HOST) if (host[name] !== undefined) variables[own] = String(host[name])
  return variables
}
