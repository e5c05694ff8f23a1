import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { EmptyState, ListSkeleton, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { ConnectionStoreToken } from '../../connectors/index.js'
import { SendStoreToken } from '../../account/index.js'
import { ActivityStoreToken } from '../activityTokens.js'
import { ActivityRow } from './ActivityRow.js'

/**
 * The Activity tab: the active chain's transactions, newest first, all-spam ones dropped. Read
 * when the tab opens and after a send; the next page is read when the end of the list scrolls
 * into view.
 */
export const ActivityPanel = observer(function ActivityPanel() {
  const kit = useKit()
  const store = kit.resolve(ActivityStoreToken)
  const caipAddress = kit.resolve(ConnectionStoreToken).caipAddress
  const lastSend = kit.resolve(SendStoreToken).lastHash
  const end = useRef<HTMLDivElement>(null)
  const rows = store.current
  const { t } = useI18n()

  useEffect(() => {
    void store.load()
  }, [store, caipAddress, lastSend])

  // A new observer per page: its first report says whether the end is still in view.
  useEffect(() => {
    const target = end.current
    if (!target || !store.hasMore) return
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting)) void store.loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [store, rows.length, store.hasMore])

  if (rows.length === 0)
    return store.isLoading ? <ListSkeleton label={t('activity.loading')} /> : <EmptyState title={t('activity.none')} hint={t('activity.noneHint')} icon="↕" />
  return (
    <>
      <ul className="list" aria-label={t('activity.list')}>
        {rows.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <div ref={end} className="muted empty" aria-live="polite">
        {store.isLoading ? t('activity.loadingMore') : ''}
      </div>
    </>
  )
})
