/**
 * Cuts an address into lines of equal length, so it never wraps with a lone character on the
 * last line: 42 characters of an EVM address become two lines of 21, a 44-character Solana
 * address two of 22. Lines stay at most `maxChars` long.
 *
 * @example balancedLines('0x' + 'a'.repeat(40), 24) // two lines of 21
 */
export function balancedLines(text: string, maxChars: number): string[] {
  const count = Math.max(1, Math.ceil(text.length / maxChars))
  const size = Math.ceil(text.length / count)
  const lines: string[] = []
  for (let start = 0; start < text.length; start += size) lines.push(text.slice(start, start + size))
  return lines
}
