/** What every Latch button takes besides a `<button>`'s own props. */
export interface LatchButtonOptions {
  /** 'md' (40px high, the default) or 'sm' (32px). */
  size?: 'sm' | 'md'
  /** 'unstyled': no Latch styles at all, for a host that brings its own design. */
  variant?: 'styled' | 'unstyled'
}
