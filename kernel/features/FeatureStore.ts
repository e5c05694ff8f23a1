import { action, makeObservable, observableRef } from 'mobx'
import { isFeatureOn, type FeatureFlags } from './defaults.js'

/** The feature flags in force, observable so views appear and vanish when they change. */
export class FeatureStore {
  constructor(public flags: Readonly<FeatureFlags>) {
    makeObservable(this, { flags: observableRef, set: action })
  }

  set(flags: Readonly<FeatureFlags>): void {
    this.flags = flags
  }

  isOn(feature: string | undefined): boolean {
    return isFeatureOn(this.flags, feature)
  }
}
