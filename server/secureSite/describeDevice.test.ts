import { describe, expect, it } from 'vitest'
import { describeDevice } from './describeDevice.js'

describe('describeDevice', () => {
  it('names the browser and the system of common user agents', () => {
    const agents: [string, string][] = [
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari on macOS'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
      ['Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0', 'Firefox on Android'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera on Linux'],
    ]
    for (const [agent, expected] of agents) expect(describeDevice(agent)).toBe(expected)
  })

  it('says what it does not know', () => {
    expect(describeDevice(undefined)).toBe('An unknown device')
    expect(describeDevice('node')).toBe('An unknown device')
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0')).toBe('A browser on Linux')
  })
})
