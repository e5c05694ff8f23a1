/** '0x1234…abcd': the first 6 and last 4 characters of an address. */
export function shortAddress(address: string): string {
  return address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
}
