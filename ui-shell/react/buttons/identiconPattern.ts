/** A 5×5 left-right symmetric pattern and its two colours, drawn by `Identicon`. */
export interface IdenticonPattern {
  background: string
  foreground: string
  /** 25 cells, row by row; true is foreground. */
  cells: boolean[]
}

/**
 * The identicon of an address: the same address always gives the same picture, and hex
 * addresses are read case-insensitively (a checksummed and a lowercase address match).
 * Made here from the address alone, so no image service ever learns who is connected.
 */
export function identiconPattern(address: string): IdenticonPattern {
  const next = byteStream(/^0x[0-9a-f]+$/i.test(address) ? address.toLowerCase() : address)
  const hue = ((next() << 8) | next()) % 360
  const background = `hsl(${hue} 70% 62%)`
  const foreground = `hsl(${(hue + 150) % 360} 60% 30%)`
  const cells: boolean[] = []
  for (let row = 0; row < 5; row++) {
    const left = [next() & 1, next() & 1, next() & 1].map(Boolean)
    cells.push(left[0]!, left[1]!, left[2]!, left[1]!, left[0]!)
  }
  return { background, foreground, cells }
}

/** Bytes derived from a string: an FNV-1a hash seeding xorshift32. */
function byteStream(text: string): () => number {
  let state = 0x811c9dc5
  for (let i = 0; i < text.length; i++) state = Math.imul(state ^ text.charCodeAt(i), 0x01000193)
  state ||= 1
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 24) & 0xff
  }
}
