import type { PluginContext } from '../../../kernel/index.js'

/** Registers the views of the connect flow (ConnectingExternal, ConnectingWalletConnect, ...). */
export function registerConnectingViews(ctx: PluginContext): void {
  void ctx
}
