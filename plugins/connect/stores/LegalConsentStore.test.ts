import { describe, expect, it } from 'vitest'
import { runInAction, observable } from 'mobx'
import { LegalConsentStore } from './LegalConsentStore.js'

describe('LegalConsentStore', () => {
  it('blocks connecting while the checkbox is shown and unticked', () => {
    const flag = observable.box(true)
    const legal = new LegalConsentStore(() => flag.get(), { termsConditionsUrl: 'https://host.example/terms', privacyPolicyUrl: 'http://host.example/privacy' })
    expect(legal.required).toBe(true)
    expect(legal.canConnect).toBe(false)
    legal.setAccepted(true)
    expect(legal.canConnect).toBe(true)
    legal.setAccepted(false)
    runInAction(() => flag.set(false))
    expect(legal.canConnect).toBe(true)
    expect([legal.termsUrl, legal.privacyUrl]).toEqual(['https://host.example/terms', 'http://host.example/privacy'])
  })

  it('drops terms and privacy links that are not http(s)', () => {
    const legal = new LegalConsentStore(() => true, { termsConditionsUrl: 'javascript:alert(1)', privacyPolicyUrl: 'not a url' })
    expect(legal.termsUrl).toBeUndefined()
    expect(legal.privacyUrl).toBeUndefined()
  })
})
