import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'

/** The passkey window's page on the secure site (`framePageRoutes`): a top-level page of this origin, where WebAuthn runs first-party. */
export const PASSKEY_WINDOW_PATH = '/passkey'

/** What the frame asks of the window. */
export type PasskeyTask =
  /** Create a passkey, then write `blob` (the recovery share's sealing secret) into its largeBlob. */
  | { kind: 'register'; options: PublicKeyCredentialCreationOptionsJSON; blob: Uint8Array }
  /** Assert with a passkey and read its largeBlob. */
  | { kind: 'recover'; options: PublicKeyCredentialRequestOptionsJSON }
  /** Assert with any of the site's passkeys, to log in (no blob read). */
  | { kind: 'login'; options: PublicKeyCredentialRequestOptionsJSON }
  /** Ask the visitor to reveal the key of `evmAddress`, then show what the frame sends (`key`). */
  | { kind: 'export'; evmAddress: string }

/**
 * The messages between the frame and the passkey window it opened, both on the secure site's
 * origin: each side takes a message only from the other's window and that origin. Bytes travel
 * as Uint8Array (structured clone); the largeBlob secret and the key never leave this origin.
 */
export type PasskeyWindowMessage =
  | { type: 'latch-passkey/READY' }
  | { type: 'latch-passkey/TASK'; task: PasskeyTask }
  | { type: 'latch-passkey/REGISTERED'; response: RegistrationResponseJSON }
  | { type: 'latch-passkey/ASSERTED'; response: AuthenticationResponseJSON; blob?: Uint8Array }
  | { type: 'latch-passkey/REVEAL' }
  | { type: 'latch-passkey/KEY'; privateKey: string }
  | { type: 'latch-passkey/FAILED'; reason: string }

const TYPES = new Set(['READY', 'TASK', 'REGISTERED', 'ASSERTED', 'REVEAL', 'KEY', 'FAILED'].map((type) => `latch-passkey/${type}`))

/** A message of this protocol by its type (the fields are the other side's, on this same origin), or undefined. */
export function parsePasskeyWindowMessage(data: unknown): PasskeyWindowMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const type = (data as { type?: unknown }).type
  return typeof type === 'string' && TYPES.has(type) ? (data as PasskeyWindowMessage) : undefined
}
