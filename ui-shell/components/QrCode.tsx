import { lazy, Suspense } from 'react'

export interface QrCodeProps {
  /** What the code encodes: a `wc:` pairing URI or an address. */
  value: string
  /** Accessible name, e.g. 'WalletConnect QR code'. */
  label: string
  size?: number
}

// The encoder (uqr) loads with the first code drawn, not with the page: the shell exports QrCode,
// so anything importing the shell would otherwise carry it in its initial JS (issue 32).
const QrCodeSvg = lazy(() => import('./QrCodeSvg.js'))

/**
 * A QR code, always dark on white whatever the theme, because phone cameras read that best; the
 * value itself is never put in markup. Until its encoder has loaded, a white square of the same
 * size holds its place, with no role: the image is announced once it can be scanned.
 */
export function QrCode(props: QrCodeProps) {
  const size = props.size ?? 280
  return (
    <Suspense fallback={<span className="qr" aria-hidden="true" style={{ display: 'block', width: size, height: size, background: '#ffffff' }} />}>
      <QrCodeSvg {...props} size={size} />
    </Suspense>
  )
}
