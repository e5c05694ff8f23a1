import { safeImageUrl } from '../../components/safeImageUrl.js'
import { useLatchBalance } from '../hooks.js'
import { shortAddress } from '../shortAddress.js'
import { useKitState } from '../useKitState.js'
import { Identicon } from './Identicon.js'

/**
 * A connected account as its buttons show it: the profile's avatar or the address's identicon,
 * the profile name (else the embedded wallet's display name) or the short address, and the balance. The name comes first in the text,
 * so the button's accessible name starts with who is connected.
 */
export function AccountLabel({ address }: { address: string }) {
  const profile = useKitState((state) => ({ name: state.profileName ?? state.authDisplayName, image: safeImageUrl(state.profileImage) }))
  const { balance, symbol } = useLatchBalance()
  return (
    <>
      {profile.image ? <img data-latch-part="avatar" src={profile.image} alt="" width="28" height="28" /> : <Identicon address={address} />}
      {/* The spaces separate the parts in an unstyled button; a styled one lays them out with a gap. */}
      {' '}
      <span data-latch-part="name">{profile.name ?? shortAddress(address)}</span>
      {balance ? (
        <>
          {' '}
          <span data-latch-part="balance">{`${balance} ${symbol ?? ''}`.trim()}</span>
        </>
      ) : null}
    </>
  )
}
