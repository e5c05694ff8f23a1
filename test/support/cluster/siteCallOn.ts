import { DeviceKey } from '../deviceKey.js'

/**
 * A call to the secure site's API as its frame makes it on the public origin (`siteUrl`: Origin
 * and DPoP proof name it), sent to one instance's secure-site port (`instanceSiteUrl`) instead of
 * through the balancer, as if the balancer had picked that instance.
 *
 * @returns the status and the parsed body
 */
export async function siteCallOn(instanceSiteUrl: string, siteUrl: string, path: string, { body, key, token }: { body: unknown; key: DeviceKey; token?: string }) {
  const response = await fetch(`${instanceSiteUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(siteUrl).origin, ...(await key.headers('POST', `${siteUrl}${path}`, token)) },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined }
}
