import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { EmptyState, ListSkeleton, safeImageUrl, useKit } from '../../../ui-shell/index.js'
import { AccountStoreToken, NftStoreToken } from '../accountTokens.js'

/** The NFTs tab: the NFTs the account holds on the active chain, spam dropped; read when the tab opens. */
export const NftsPanel = observer(function NftsPanel() {
  const kit = useKit()
  const store = kit.resolve(NftStoreToken)
  const caipAddress = kit.resolve(AccountStoreToken).caipAddress

  useEffect(() => {
    void store.load()
  }, [store, caipAddress])

  if (store.nfts.length === 0)
    return store.isLoading ? <ListSkeleton label="Loading NFTs" count={2} /> : <EmptyState title="No NFTs yet." hint="NFTs this account holds on this network show here." icon="◆" />
  return (
    <ul className="list" aria-label="NFTs">
      {store.nfts.map((nft) => {
        const image = safeImageUrl(nft.image)
        return (
          <li key={nft.key} className="token-row">
            {image ? <img src={image} alt="" /> : <span className="glyph" aria-hidden="true">◆</span>}
            <span>{nft.name}</span>
          </li>
        )
      })}
    </ul>
  )
})
