import type { OAuth2ProviderConfig, OAuthSocialProvider } from './SocialClients.js'

/**
 * The published endpoints of the social providers that speak plain OAuth 2.0 (no OpenID
 * discovery), as each documents them: `--social github=oauth2,<clientId>` uses these. Google
 * and Apple are OpenID providers and take an issuer instead.
 */
export const OAUTH2_PRESETS: Partial<Record<OAuthSocialProvider, Omit<OAuth2ProviderConfig, 'clientId' | 'clientSecret'>>> = {
  github: {
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userinfoEndpoint: 'https://api.github.com/user',
    emailsEndpoint: 'https://api.github.com/user/emails',
    scope: 'read:user user:email',
  },
  x: {
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userinfoEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
  },
  discord: {
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userinfoEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify email',
  },
  facebook: {
    authorizationEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoEndpoint: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'public_profile email',
  },
}
