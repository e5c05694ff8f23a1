/** Two opposite arrows, for Account's Swap row: one token up, another down. */
export function SwapIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 13V3L2 6" />
      <path d="M11 3v10l3-3" />
    </svg>
  )
}
