import type { PluginContext } from '../../../kernel/index.js'

/** Registers the views of a connected visitor (Account, Networks, Send, Receive, ...). */
export function registerAccountViews(ctx: PluginContext): void {
  void ctx
}
