import { action, computed, makeObservable, observable } from 'mobx'
import { toWebUrl } from '../../../ui-shell/plugin.js'

/**
 * The Connect view's legal checkbox (feature `legalCheckbox`): while it is shown and not
 * ticked, no wallet can be picked. Links are kept only when they are http(s).
 */
export class LegalConsentStore {
  accepted = false
  readonly termsUrl: string | undefined
  readonly privacyUrl: string | undefined

  constructor(
    private readonly isRequired: () => boolean,
    urls: { termsConditionsUrl?: string; privacyPolicyUrl?: string } = {},
  ) {
    this.termsUrl = toWebUrl(urls.termsConditionsUrl)
    this.privacyUrl = toWebUrl(urls.privacyPolicyUrl)
    makeObservable(this, { accepted: observable, required: computed, canConnect: computed, setAccepted: action })
  }

  /** The checkbox is shown. */
  get required(): boolean {
    return this.isRequired()
  }

  /** Wallets may be picked: no checkbox, or it is ticked. */
  get canConnect(): boolean {
    return !this.required || this.accepted
  }

  setAccepted(accepted: boolean): void {
    this.accepted = accepted
  }
}
