/** What SwapSelectToken is opened with: which side of the swap the picked token goes to. */
export interface SwapTokenSide {
  side: 'from' | 'to'
}

// The swap views' data, added to the kernel's `ViewDataMap` so `push`, `kit.open` and the views agree.
declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    Swap: undefined
    SwapSelectToken: SwapTokenSide
    SwapPreview: undefined
  }
}
