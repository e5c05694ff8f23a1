import type { RequestDescription } from './describeRequest.js'
import { nameChain } from './nameChain.js'
import { t } from './frameText.js'

/**
 * The card for a page that moves the signed-in wallet to another chain: from then on its
 * signatures and transactions count there, so the visitor says yes first (issue 26).
 *
 * @param from - the CAIP-2 chain the visitor signs on now
 * @param to - the chain the page asks for
 * @param account - the visitor's account on the new chain, when known
 * @returns the card's title and rows
 * @example
 * describeNetworkSwitch('eip155:31337', 'eip155:1') // { title: 'Switch network', rows: [{ label: 'From', value: 'Local chain 31337' }, { label: 'To', value: 'Ethereum (chain 1)' }, …] }
 */
export function describeNetworkSwitch(from: string, to: string, account?: string): RequestDescription {
  return {
    title: t('title.switchNetwork'),
    rows: [
      { label: t('row.from'), value: nameChain(from) },
      { label: t('row.to'), value: nameChain(to) },
      { label: t('row.account'), value: account ?? t('value.notNamed') },
    ],
  }
}
