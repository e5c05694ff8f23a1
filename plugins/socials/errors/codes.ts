/** Every error code the socials plugin throws (SPEC §8's connection errors). Never reused or renamed. */
export const SocialsErrorCodes = {
  PopupClosed: 'KIT_SOCIALS_POPUP_CLOSED',
  SocialConnectionFailed: 'KIT_SOCIALS_CONNECTION_FAILED',
  FarcasterConnectionFailed: 'KIT_SOCIALS_FARCASTER_FAILED',
} as const

declare module '../../../kernel/errors/codes.js' {
  interface ErrorCodeMap {
    socials: (typeof SocialsErrorCodes)[keyof typeof SocialsErrorCodes]
  }
}
