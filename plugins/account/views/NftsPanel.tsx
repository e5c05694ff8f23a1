import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { EmptyState, ListSkeleton, safeImageUrl, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { AccountStoreToken, NftStoreToken } from '../accountTokens.js'

/** The NFTs tab: the NFTs the account holds on the active chain, spam dropped; read when the tab opens. */
export const NftsPanel = observer(function NftsPanel() {
  const kit = useKit()
  const store = kit.resolve(NftStoreToken)
  const { t } = useI18n()
  const caipAddress = kit.resolve(AccountStoreToken).caipAddress

  useEffect(() => {
    void store.load()
  }, [store, caipAddress])

  if (store.nfts.length === 0)
    return store.isLoading ? <ListSkeleton label={t('nfts.loading')} count={2} /> : <EmptyState title={t('nfts.none')} hint={t('nfts.noneHint')} icon="◆" />
  return (
    <ul className="list" aria-label={t('nfts.list')}>
      {store.nfts.map((nft) => {
        const image = safeImageUrl(nft.image)
        return (
          <li key={nft.key} className="token-row">
            {image ? <img src={image} alt="" /> : <span className="glyph" aria-hidden="true">◆</span>}
            <span>
              <bdi>{nft.name}</bdi>
            </span>
          </li>
        )
      })}
    </ul>
  )
})
