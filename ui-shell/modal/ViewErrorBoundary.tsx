import { Component, type ReactNode } from 'react'

/**
 * Keeps a view that throws while rendering (a plugin's bug, an answer of a shape it did not
 * expect) from taking the whole modal down: the view's place says so, and the header's back and
 * close still work. Keyed by the view, so the next view starts clean.
 */
export class ViewErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; reason?: string }> {
  override state: { failed: boolean; reason?: string } = { failed: false }

  static getDerivedStateFromError(error: unknown) {
    const reason = (error as { shortMessage?: unknown })?.shortMessage
    return { failed: true, reason: typeof reason === 'string' ? reason : undefined }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div className="view-error" role="alert">
        <p>Something went wrong</p>
        {this.state.reason ? <p className="muted">{this.state.reason}</p> : null}
      </div>
    )
  }
}
