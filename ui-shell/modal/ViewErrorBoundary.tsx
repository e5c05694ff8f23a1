import { Component, type ContextType, type ReactNode } from 'react'
import { KitContext } from '../react/KitContext.js'
import { I18nStoreToken } from '../i18n/i18nToken.js'

/**
 * Keeps a view that throws while rendering (a plugin's bug, an answer of a shape it did not
 * expect) from taking the whole modal down: the view's place says so, and the header's back and
 * close still work. Keyed by the view, so the next view starts clean.
 */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; reason?: string }> {
  static override contextType = KitContext
  declare context: ContextType<typeof KitContext>
  override state: { failed: boolean; reason?: string; code?: string } = { failed: false }

  static getDerivedStateFromError(error: unknown) {
    const { shortMessage: reason, code } = (error ?? {}) as { shortMessage?: unknown; code?: unknown }
    return { failed: true, reason: typeof reason === 'string' ? reason : undefined, code: typeof code === 'string' ? code : undefined }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    const i18n = this.context?.resolve(I18nStoreToken)
    const { reason, code } = this.state
    return (
      <div className="view-error" role="alert">
        <p>{i18n ? i18n.t('modal.viewFailed') : 'Something went wrong'}</p>
        {reason ? <p className="muted">{i18n ? i18n.errorText({ code, shortMessage: reason }) : reason}</p> : null}
      </div>
    )
  }
}
