import { bytesToHex, hexToBytes, isAddressEqual, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { combine, split } from 'shamir-secret-sharing'
import { base58, base64urlnopad } from '@scure/base'
import { ed25519 } from '@noble/curves/ed25519'
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import type { SecureSiteApi, SessionGrant } from './SecureSiteApi.js'
import type { ShareStore } from './openShareStore.js'
import { openPasskeyWindow as openWindow, type PasskeyWindow } from './openPasskeyWindow.js'
import type { PasskeyTask, PasskeyWindowMessage } from './passkeyWindowProtocol.js'
import { openUnderPasskey, openWithRecoverySecret, sealUnderPasskey } from './sealRecoveryShare.js'
import { reshareMessage } from '../../secureSite/passkeys/reshareMessage.js'
import { releaseVaultSecret } from './vaultRecovery.js'
import { FrameKeySharesMismatchError, FrameNoDeviceShareError, FramePasskeyFailedError } from './errors.js'

const encode = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
const decode = (text: string) => base64urlnopad.decode(text)

/**
 * The key from two shares, checked against the wallet's address; the shares' and the key's bytes
 * are wiped (viem's hex string goes with the account, which cannot be wiped).
 */
async function assemble(shares: Uint8Array[], evmAddress: string): Promise<{ account: PrivateKeyAccount; key: Hex }> {
  const bytes = await combine(shares).catch(() => new Uint8Array(0))
  for (const share of shares) share.fill(0)
  const key = bytes.length === 32 ? bytesToHex(bytes) : undefined
  bytes.fill(0)
  const account = key ? privateKeyToAccount(key) : undefined
  if (!key || !account || !isAddressEqual(account.address, evmAddress as Hex)) throw new FrameKeySharesMismatchError()
  return { account, key }
}

/** The Solana seed from two shares, checked against the wallet's Solana address; the shares' bytes are wiped. */
async function assembleSeed(shares: Uint8Array[], solanaAddress: string): Promise<Uint8Array> {
  const seed = await combine(shares).catch(() => new Uint8Array(0))
  for (const share of shares) share.fill(0)
  if (seed.length !== 32 || base58.encode(ed25519.getPublicKey(seed)) !== solanaAddress) throw new FrameKeySharesMismatchError()
  return seed
}

/**
 * A key (or seed) split afresh: the device share this frame keeps, the auth share for the server,
 * and the recovery share sealed under the passkey's secret. The key's bytes are wiped.
 */
async function resplit(key: Uint8Array, blob: Uint8Array, userId: string, kind: 'secp256k1' | 'ed25519') {
  const [deviceShare, authShare, recovery] = (await split(key, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array]
  if (kind === 'secp256k1') key.fill(0)
  const sealed = await sealUnderPasskey(recovery, blob, userId, kind)
  recovery.fill(0)
  return { deviceShare, authShare, sealed }
}

/** The window's answer, of the one type the task expects. */
async function answerOf<T extends PasskeyWindowMessage['type']>(opening: PasskeyWindow | Promise<PasskeyWindow>, type: T): Promise<Extract<PasskeyWindowMessage, { type: T }>> {
  const answer = await (await opening).answer
  if (answer.type !== type) throw new FramePasskeyFailedError({ reason: `unexpected answer ${answer.type}` })
  return answer as Extract<PasskeyWindowMessage, { type: T }>
}

/**
 * Passkeys as the recovery factor of a split key (KEY_SHARES.md, step 5), run by the frame: the
 * WebAuthn ceremonies happen in the secure site's passkey window; the shares and the key are
 * handled here only, on the secure origin.
 */
export class PasskeyRecovery {
  readonly #api: SecureSiteApi
  readonly #shares: ShareStore
  readonly #open: (task: PasskeyTask) => PasskeyWindow | Promise<PasskeyWindow>

  /** @param open - opens the passkey window for a task: at once by default; in the page, after the visitor's click in the frame (`offerPasskeyWindow`) */
  constructor(api: SecureSiteApi, shares: ShareStore, open: (task: PasskeyTask) => PasskeyWindow | Promise<PasskeyWindow> = openWindow) {
    this.#api = api
    this.#shares = shares
    this.#open = open
  }

  /**
   * Registers a passkey and moves the recovery share under it: the share, opened with the
   * recovery secret (this device's, or the vault's), is re-sealed under a fresh secret written into the passkey's
   * largeBlob; the server swaps the sealed rows as it stores the passkey and the vault forgets
   * its copy; then this device forgets the recovery secret.
   */
  async register(evmAddress: string): Promise<void> {
    const held = await this.#shares.get(evmAddress)
    if (!held) throw new FrameNoDeviceShareError({ what: 'device share' })
    // The frame's own secret where the backend has no recovery vault; else the vault's copy.
    const recoverySecret = held.recoverySecret ?? (await releaseVaultSecret(this.#api))
    type Options = { options: PublicKeyCredentialCreationOptionsJSON; recovery: { userId: string; evmAddress: string; sealed: string; solanaSealed?: string } }
    const { options, recovery } = await this.#api.post<Options>('/api/passkey/register/options')
    const share = await openWithRecoverySecret(decode(recovery.sealed), recoverySecret, recovery.userId)
    // The Solana seed's recovery share moves under the passkey too: the recovery secret is forgotten after.
    const solanaShare = recovery.solanaSealed ? await openWithRecoverySecret(decode(recovery.solanaSealed), recoverySecret, recovery.userId, 'ed25519') : undefined
    if (!held.recoverySecret) recoverySecret.fill(0)
    const blob = crypto.getRandomValues(new Uint8Array(32))
    const { response } = await answerOf(this.#open({ kind: 'register', options, blob }), 'latch-passkey/REGISTERED')
    const sealed = await sealUnderPasskey(share, blob, recovery.userId)
    const solanaSealed = solanaShare && (await sealUnderPasskey(solanaShare, blob, recovery.userId, 'ed25519'))
    for (const bytes of [share, solanaShare, blob]) bytes?.fill(0)
    await this.#api.post('/api/passkey/register/finish', { response, sealedRecoveryShare: encode(sealed), ...(solanaSealed ? { sealedSolanaRecoveryShare: encode(solanaSealed) } : {}) })
    // Everything this device held but the recovery secret (the Solana share too).
    const { recoverySecret: _forgotten, ...kept } = held
    await this.#shares.keep(kept)
  }

  /**
   * A device with a session but no device share: the passkey's assertion (verified by the server,
   * which only then releases the sealed recovery share) and its largeBlob open the recovery
   * share; with the auth share it makes the key, which is split afresh. The new auth and recovery
   * shares replace the old ones on the server, so a lost device's share combines with nothing.
   *
   * @returns the recovered address
   */
  async recover(evmAddress: string): Promise<string> {
    const { options } = await this.#api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>('/api/share/recovery/options')
    const { response, blob } = await answerOf(this.#open({ kind: 'recover', options }), 'latch-passkey/ASSERTED')
    if (!blob) throw new FramePasskeyFailedError({ reason: 'this passkey holds no recovery secret' })
    type Released = { userId: string; evmAddress: string; sealedRecoveryShare: string; solanaAddress?: string; sealedSolanaRecoveryShare?: string; ticket: string }
    const released = await this.#api.post<Released>('/api/share/recovery', { response })
    if (!isAddressEqual(released.evmAddress as Hex, evmAddress as Hex)) throw new FrameKeySharesMismatchError()
    const openShare = (sealed: string, kind: 'secp256k1' | 'ed25519') =>
      openUnderPasskey(decode(sealed), blob, released.userId, kind).catch((error: unknown) => {
        throw new FramePasskeyFailedError({ reason: `this passkey's secret does not open the recovery share (${String(error)})` })
      })
    const recoveryShare = await openShare(released.sealedRecoveryShare, 'secp256k1')
    const solanaRecoveryShare = released.sealedSolanaRecoveryShare ? await openShare(released.sealedSolanaRecoveryShare, 'ed25519') : undefined
    const authShares = await this.#api.post<{ authShare: string; solanaAuthShare?: string }>('/api/share')
    const { account, key } = await assemble([recoveryShare, decode(authShares.authShare)], evmAddress)
    const message = reshareMessage(released.ticket)
    const evm = await resplit(hexToBytes(key), blob, released.userId, 'secp256k1')
    const signature = await account.signMessage({ message })
    // The Solana seed, when the passkey seals its share too: re-split the same way, and signed for by the seed itself.
    const seed = solanaRecoveryShare && authShares.solanaAuthShare && released.solanaAddress ? await assembleSeed([solanaRecoveryShare, decode(authShares.solanaAuthShare)], released.solanaAddress) : undefined
    const solana = seed && { ...(await resplit(seed, blob, released.userId, 'ed25519')), signature: ed25519.sign(new TextEncoder().encode(message), seed) }
    seed?.fill(0)
    blob.fill(0)
    await this.#api.post('/api/share/reshare', {
      ticket: released.ticket,
      signature,
      authShare: encode(evm.authShare),
      sealedRecoveryShare: encode(evm.sealed),
      ...(solana ? { solana: { signature: encode(solana.signature), authShare: encode(solana.authShare), sealedRecoveryShare: encode(solana.sealed) } } : {}),
    })
    evm.authShare.fill(0)
    solana?.authShare.fill(0)
    await this.#shares.keep({ evmAddress: account.address, deviceShare: evm.deviceShare, ...(solana && released.solanaAddress ? { solanaShare: solana.deviceShare, solanaAddress: released.solanaAddress } : {}) })
    return account.address
  }

  /**
   * Logs in with a passkey alone: any of the secure site's passkeys answers in the window, and the
   * server gives its user a session bound to this frame's device key, for this project and page.
   *
   * @returns the session's grant
   */
  async logIn(asker: { projectId: string; appOrigin: string }): Promise<SessionGrant> {
    const { loginId, options } = await this.#api.post<{ loginId: string; options: PublicKeyCredentialRequestOptionsJSON }>('/api/passkey/login/options', asker)
    const { response } = await answerOf(this.#open({ kind: 'login', options }), 'latch-passkey/ASSERTED')
    return this.#api.post<SessionGrant>('/api/passkey/login/verify', { loginId, response, ...asker })
  }

  /**
   * Shows the private key in the passkey window, once the visitor asked for it there: assembled
   * from this device's share and the auth share, sent only to that window (this origin), never
   * to the embedding page.
   */
  async exportKey(evmAddress: string): Promise<void> {
    const held = await this.#shares.get(evmAddress)
    if (!held) throw new FrameNoDeviceShareError({ what: 'device share' })
    const opened = await this.#open({ kind: 'export', evmAddress: held.evmAddress })
    await answerOf(opened, 'latch-passkey/REVEAL')
    const { authShare } = await this.#api.post<{ authShare: string }>('/api/share')
    const { key } = await assemble([held.deviceShare.slice(), decode(authShare)], held.evmAddress)
    opened.send({ type: 'latch-passkey/KEY', privateKey: key })
  }
}
