// The kit state field the socials plugin fills: the signed-in embedded wallet user's display name.
declare module '../../kernel/Kit.js' {
  interface KitStateMap {
    /**
     * SPEC §5's auth display name of the active account when it is the embedded wallet's: the
     * social user name (a discord one without its trailing 0) or the email, cut above 30.
     */
    authDisplayName?: string
  }
}

export {}
