// The on-ramp views' data, added to the kernel's `ViewDataMap`: both open with nothing.
declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    OnRampProviders: undefined
    BuyInProgress: undefined
  }
}

export {}
