import { identiconPattern } from './identiconPattern.js'

/** An address's generated picture, as inline SVG (no request). Decorative: the label names the account. */
export function Identicon({ address }: { address: string }) {
  const { background, foreground, cells } = identiconPattern(address)
  return (
    <svg data-latch-part="avatar" viewBox="0 0 5 5" width="28" height="28" aria-hidden="true" focusable="false" shapeRendering="crispEdges">
      <rect width="5" height="5" fill={background} />
      {cells.map((on, index) => (on ? <rect key={index} x={index % 5} y={Math.floor(index / 5)} width="1" height="1" fill={foreground} /> : null))}
    </svg>
  )
}
