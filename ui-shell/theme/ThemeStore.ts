import { action, makeObservable, observable, observableRef } from 'mobx'

export type ThemeMode = 'dark' | 'light'

/** The modal's theme, changeable live (SPEC §3 'Theme sync': themeMode, themeVariables). */
export class ThemeStore {
  mode: ThemeMode
  variables: Readonly<Record<string, string | number>>

  constructor(mode: ThemeMode, variables: Record<string, string | number> = {}) {
    this.mode = mode
    this.variables = variables
    makeObservable(this, { mode: observable, variables: observableRef, setMode: action, setVariables: action })
  }

  setMode(mode: ThemeMode): void {
    this.mode = mode
  }

  setVariables(variables: Record<string, string | number>): void {
    this.variables = { ...variables }
  }
}
