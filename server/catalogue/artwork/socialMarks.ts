import { siApple, siDiscord, siFacebook, siFarcaster, siGithub, siGoogle, siX, type SimpleIcon } from 'simple-icons'

/** SPEC §1's social providers, each served as `/public/getAssetImage/social-{provider}`. */
export const SOCIAL_MARKS: Readonly<Record<string, SimpleIcon>> = {
  google: siGoogle,
  x: siX,
  discord: siDiscord,
  farcaster: siFarcaster,
  github: siGithub,
  apple: siApple,
  facebook: siFacebook,
}
