import type { PasskeyTask } from '../PasskeyStore.js'

/** The Passkey view's title, per task (registered with the view, before its code loads). */
export const PASSKEY_TITLES: Record<PasskeyTask, string> = {
  login: 'Continue with a passkey',
  add: 'Add a passkey',
  recover: 'Recover with passkey',
  export: 'Export private key',
}
