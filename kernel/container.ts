import 'reflect-metadata'
import { container as rootContainer, type DependencyContainer, type InjectionToken } from 'tsyringe'
import type { Token } from './token.js'

/** One tsyringe child container per kit, so two kits on a page share nothing. */
export function createKitContainer(): DependencyContainer {
  return rootContainer.createChildContainer()
}

export function asInjectionToken<T>(token: Token<T>): InjectionToken<T> {
  return token as InjectionToken<T>
}
