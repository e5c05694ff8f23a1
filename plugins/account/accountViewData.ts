/** What SwitchNetwork and SwitchActiveChain are opened with: the network to switch to. */
export interface SwitchTarget {
  caipNetworkId: string
}

// The account views' data, added to the kernel's `ViewDataMap` so `push`, `kit.open` and the
// views agree. Views opened with nothing take `undefined`.
declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    Account: undefined
    Networks: undefined
    SwitchNetwork: SwitchTarget
    SwitchActiveChain: SwitchTarget
    UnsupportedChain: undefined
    ProfileWallets: undefined
    Send: undefined
    SendSelectToken: undefined
    Receive: undefined
  }
}
