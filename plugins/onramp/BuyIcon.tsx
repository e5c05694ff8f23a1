/** A payment card, for Account's Buy row: crypto bought by card or bank. */
export function BuyIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="1.75" y="3.25" width="12.5" height="9.5" rx="1.75" />
      <path d="M1.75 6.5h12.5M4.5 10h2" />
    </svg>
  )
}
