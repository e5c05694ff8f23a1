import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useKit } from '../../../ui-shell/index.js'
import { PasskeyStoreToken } from '../embeddedWalletTokens.js'
import type { PasskeyTask } from '../PasskeyStore.js'
import { FrameSlot } from './FrameSlot.js'

const WAITING: Record<PasskeyTask, string> = {
  login: 'Continue in the wallet’s secure window and use your passkey there.',
  add: 'Continue in the wallet’s secure window to create your passkey.',
  recover: 'This device does not hold your wallet’s key. Continue in the wallet’s secure window and use your passkey to recover it.',
  export: 'Your private key is shown only in the wallet’s secure window, never on this page.',
}

const DONE: Record<PasskeyTask, string> = {
  login: 'Logged in with your passkey.',
  add: 'Your wallet is protected by a passkey.',
  recover: 'Recovered: this device holds your wallet’s key again. Try your request again.',
  export: 'Your private key was shown in the wallet’s secure window. Close that window when you are done.',
}

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
      {current === 'waiting' ? <FrameSlot className="passkey-frame-slot" label="Continue in the embedded wallet" /> : null}
      <p className="passkey-status" role="status">
        {alreadyProtected ? DONE.add : current === 'waiting' ? WAITING[task] : current === 'done' ? DONE[task] : ''}
      </p>
      <p className="passkey-error" role="alert">
        {current === 'failed' ? passkeys.error : ''}
      </p>
      {current === 'failed' ? (
        <button type="button" className="primary" onClick={() => void passkeys.start(task)}>
          Try again
        </button>
      ) : null}
      {current === 'done' || alreadyProtected ? (
        <button type="button" className="primary" onClick={() => kit.back()}>
          Done
        </button>
      ) : null}
    </div>
  )
})
