import type { PasskeyTask } from '../PasskeyStore.js'

/** The Passkey view's title, per task (registered with the view, before its code loads). */
export const PASSKEY_TITLES: Record<PasskeyTask, string> = {
  login: 'passkey.title.login',
  add: 'passkey.title.add',
  recover: 'passkey.title.recover',
  export: 'passkey.title.export',
}
