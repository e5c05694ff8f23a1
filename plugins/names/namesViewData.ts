// The names plugin's views and what they are opened with (STYLE §6: typed view data).
declare module '../../kernel/views/ViewRegistry.js' {
  interface ViewDataMap {
    RegisterAccountName: undefined
    /** The full name just registered, `alice.reown.id`. */
    RegisterAccountNameSuccess: { name: string }
  }
}

export {}
