import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useI18n, useKit } from '../../../ui-shell/plugin.js'
import { PasskeyStoreToken } from '../embeddedWalletTokens.js'
import type { PasskeyTask } from '../PasskeyStore.js'
import { FrameSlot } from './FrameSlot.js'



export interface PasskeyViewProps {
  data: { task: PasskeyTask }
}

/**
 * A passkey task (issue 26). While it waits, the secure site's frame covers this view's box with
 * its one button, "Continue in a secure window" (browsers open windows only on a click inside the
 * frame); the passkey ceremony, and an exported key, happen in that window only. Then the outcome,
 * or the catalogue's error with Try again.
 */
export const PasskeyView = observer(function PasskeyView({ data }: PasskeyViewProps) {
  const kit = useKit()
  const passkeys = kit.resolve(PasskeyStoreToken)
  const { task } = data
  const { t, say } = useI18n()
  // A wallet a passkey already protects needs no second one (one passkey per wallet for now).
  const alreadyProtected = task === 'add' && passkeys.hasPasskey && !(passkeys.task === 'add' && passkeys.status !== 'idle')

  useEffect(() => {
    if (!alreadyProtected) void passkeys.start(task)
    return () => passkeys.reset()
    // Started once per visit of the view: `alreadyProtected` is read only at the start.
  }, [passkeys, task])

  const current = passkeys.task === task ? passkeys.status : 'idle'
  return (
    <div className="passkey">
      {current === 'waiting' ? <FrameSlot className="passkey-frame-slot" label={t('passkey.frame')} /> : null}
      <p className="passkey-status" role="status">
        {alreadyProtected ? t('passkey.done.add') : current === 'waiting' ? t(`passkey.waiting.${task}`) : current === 'done' ? t(`passkey.done.${task}`) : ''}
      </p>
      <p className="passkey-error" role="alert">
        {current === 'failed' && passkeys.error ? say(passkeys.error) : ''}
      </p>
      {current === 'failed' ? (
        <button type="button" className="primary" onClick={() => void passkeys.start(task)}>
          {t('passkey.retry')}
        </button>
      ) : null}
      {current === 'done' || alreadyProtected ? (
        <button type="button" className="primary" onClick={() => kit.back()}>
          {t('passkey.doneButton')}
        </button>
      ) : null}
    </div>
  )
})
