import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { AnyConnector } from './ChainConnector.js'

/**
 * Registers a connector for every Wallet Standard wallet that supports a namespace, now and
 * as wallets register later; a wallet that unregisters leaves the list.
 *
 * @param params - which wallets fit and how to make their connector
 * @returns the stop
 */
export function watchWalletStandard(params: {
  register: (connector: AnyConnector) => () => void
  fits: (wallet: Wallet) => boolean
  toConnector: (wallet: Wallet) => AnyConnector
}): () => void {
  const wallets = getWallets()
  const live = new Map<Wallet, () => void>()
  const add = (...added: readonly Wallet[]) => {
    for (const wallet of added) {
      if (live.has(wallet) || !params.fits(wallet)) continue
      live.set(wallet, params.register(params.toConnector(wallet)))
    }
  }
  const remove = (...removed: readonly Wallet[]) => {
    for (const wallet of removed) {
      live.get(wallet)?.()
      live.delete(wallet)
    }
  }
  add(...wallets.get())
  const offRegister = wallets.on('register', add)
  const offUnregister = wallets.on('unregister', remove)
  return () => {
    offRegister()
    offUnregister()
    for (const unregister of live.values()) unregister()
    live.clear()
  }
}

/** An icon a wallet supplied, kept only when it is an image data URI (never rendered as HTML). */
export function safeWalletIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && /^data:image\/(?:svg\+xml|png|jpeg|webp|gif)[;,]/.test(icon) ? icon : undefined
}
