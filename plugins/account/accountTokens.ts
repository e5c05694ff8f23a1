import { createToken } from '../../kernel/token.js'
import type { AccountStore } from './AccountStore.js'
import type { NetworkSwitchStore } from './NetworkSwitchStore.js'
import type { NftStore } from './NftStore.js'
import type { ProfileWalletsStore } from './ProfileWalletsStore.js'
import type { SendStore } from './SendStore.js'

/** The connected account: address, balance, identity, token balances, selected tab. */
export const AccountStoreToken = createToken<AccountStore>('AccountStore')
/** The Send form and the send itself. */
export const SendStoreToken = createToken<SendStore>('SendStore')
/** Network switching (Networks, SwitchNetwork, SwitchActiveChain). */
export const NetworkSwitchStoreToken = createToken<NetworkSwitchStore>('NetworkSwitchStore')
/** ProfileWallets: saved connections, switch and disconnect. */
export const ProfileWalletsStoreToken = createToken<ProfileWalletsStore>('ProfileWalletsStore')
/** The NFTs the active account holds, for the NFTs tab. */
export const NftStoreToken = createToken<NftStore>('NftStore')
