import { observer } from 'mobx-react-lite'
import { ViewStackToken } from '../../../kernel/index.js'
import { ApiClientToken, assetImageUrl, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { EmbeddedWalletToken } from '../../embeddedWallet/index.js'
import { useFrameWhileOpen } from '../../embeddedWallet/useFrameWhileOpen.js'
import type { SocialProvider } from '../../../chains/connectors/AuthConnector.js'
import { FarcasterLoginStoreToken, SocialLoginStoreToken, SocialProvidersToken } from '../socialsTokens.js'

const LABELS: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/** Connect's social method (SPEC §2): one button per provider; a click opens the sign-in popup at once. */
export const SocialSection = observer(function SocialSection() {
  const kit = useKit()
  const login = kit.resolve(SocialLoginStoreToken)
  const farcaster = kit.resolve(FarcasterLoginStoreToken)
  const wallet = kit.resolve(EmbeddedWalletToken)
  const providers = kit.resolve(SocialProvidersToken)()
  const { t } = useI18n()
  // Brand marks come from the host's catalogue service (`/public/getAssetImage/social-…`); without one, words only.
  const api = kit.isProvided(ApiClientToken) ? kit.resolve(ApiClientToken) : undefined

  useFrameWhileOpen(kit, wallet)

  if (providers.length === 0) return null
  return (
    <section aria-label={t('social.section')}>
      <ul className="social-list">
        {providers.map((provider) => (
          <li key={provider}>
            <button
              type="button"
              className="social-button"
              disabled={login.pending !== undefined}
              aria-busy={login.pending === provider ? true : undefined}
              aria-label={t('social.continueWith', { provider: LABELS[provider] })}
              onClick={() => {
                if (provider !== 'farcaster') return void login.connect(provider)
                // Farcaster has no popup: its URI and QR code show in ConnectingFarcaster.
                kit.resolve(ViewStackToken).push('ConnectingFarcaster')
                void farcaster.connect()
              }}
            >
              {api ? <img src={assetImageUrl(api, `social-${provider}`)} alt="" /> : null}
              <span>{login.pending === provider ? t('social.pending', { provider: LABELS[provider] }) : <bdi>{LABELS[provider]}</bdi>}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="social-status" role="status">
        {login.authenticating ? t('social.authenticating') : ''}
      </p>
      <p className="social-error" role="alert">
        {login.error ? t(login.error) : ''}
      </p>
    </section>
  )
})
