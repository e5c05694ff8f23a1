import { useMemo } from 'react'
import { encode } from 'uqr'

import type { QrCodeProps } from './QrCode.js'

/**
 * A QR code drawn as one SVG path from uqr's module matrix. Always dark on white, whatever
 * the theme, because phone cameras read that best; the value itself is never put in markup.
 */
export default function QrCodeSvg({ value, label, size = 280 }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      }),
    )
    return { path: d, modules: count }
  }, [value])
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#141518" />
    </svg>
  )
}
