import type { Account, AdapterEvent } from '../adapter/ChainAdapter.js'

/** The part of a Wallet Standard `standard:events` feature this needs. */
export interface WalletStandardEvents<A> {
  on(event: 'change', listener: (properties: { accounts?: readonly A[] }) => void): () => void
}

export interface WatchAccountsParams<A> {
  events: WalletStandardEvents<A> | undefined
  /** The accounts this namespace may use (its chain prefix, payment accounts only, ...). */
  select(accounts: readonly A[]): A[]
  /** Told of every selection, so the adapter keeps its own copy current. */
  onSelected(accounts: A[]): void
  toAccount(account: A): Account
  listener(event: AdapterEvent): void
  /** The adapter's removers: `dispose()` runs what is still in it. */
  removers: Set<() => void>
}

/**
 * Turns a Wallet Standard wallet's `change` events into adapter events: the selected accounts,
 * or a disconnect when none is left. Returns the unsubscribe, also kept in `removers`.
 */
export function watchWalletStandardAccounts<A>(params: WatchAccountsParams<A>): () => void {
  if (!params.events) return () => {}
  const off = params.events.on('change', ({ accounts }) => {
    if (!accounts) return
    const selected = params.select(accounts)
    params.onSelected(selected)
    if (selected.length === 0) return params.listener({ type: 'disconnect' })
    params.listener({ type: 'accountsChanged', accounts: selected.map(params.toAccount) })
  })
  const remove = () => {
    off()
    params.removers.delete(remove)
  }
  params.removers.add(remove)
  return remove
}
