/** The order id a signed checkout URL names (`externalTransactionId`). */
export const checkoutOrderId = (url: string): string => new URL(url).searchParams.get('externalTransactionId') ?? ''

/** Where the test checkout's Pay posts: `/pay` with the URL's signed query, on the checkout's origin. */
export function checkoutPayUrl(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}/pay${parsed.search}`
}

/** Presses Pay as a client without a page does (no Origin), asking for JSON: status and body. */
export async function payCheckout(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(checkoutPayUrl(url), { method: 'POST', headers: { accept: 'application/json', ...headers } })
  return { status: response.status, body: await response.json() }
}
