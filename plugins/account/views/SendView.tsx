import { observer } from 'mobx-react-lite'
import { useEffect, useId } from 'react'
import { ViewStackToken } from '../../../kernel/index.js'
import { shortAddress, useI18n, useKit } from '../../../ui-shell/plugin.js'
import { AccountStoreToken, SendStoreToken } from '../accountTokens.js'
import { formatTokenAmount } from '../format/formatTokenAmount.js'
import { TokenImage } from './TokenImage.js'

/** Send (SPEC §4/§5): token, amount, receiver address or name; the first rule broken is shown; sending disables the form. */
export const SendView = observer(function SendView() {
  const kit = useKit()
  const send = kit.resolve(SendStoreToken)
  const account = kit.resolve(AccountStoreToken)
  const id = useId()
  const { t, errorText } = useI18n()

  useEffect(() => {
    void account.loadBalances()
  }, [account])

  const invalid = send.formError
  return (
    <form
      className="send"
      onSubmit={(event) => {
        event.preventDefault()
        void send.send()
      }}
    >
      <span className="send-label" id={`${id}-token`}>
        {t('send.token')}
      </span>
      <button
        type="button"
        className="field token-picker"
        aria-labelledby={`${id}-token ${id}-token-choice`}
        disabled={send.isSending}
        onClick={() => kit.resolve(ViewStackToken).push('SendSelectToken')}
      >
        {send.token ? <TokenImage token={send.token} /> : null}
        <span id={`${id}-token-choice`}>{send.token ? send.token.symbol : t('send.selectToken')}</span>
        {send.token ? <span className="muted token-picker-balance">{t('send.balance', { amount: formatTokenAmount(send.token.quantity.numeric) })}</span> : null}
        <span className="token-picker-chevron" aria-hidden="true">
          ›
        </span>
      </button>

      <label htmlFor={`${id}-amount`}>{t('send.amount')}</label>
      <div className="field-row">
        <input
          id={`${id}-amount`}
          className="field"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={send.amount}
          disabled={send.isSending}
          onChange={(event) => send.setAmount(event.target.value)}
        />
        <button type="button" className="secondary" disabled={!send.token || send.isSending} onClick={() => send.setMaxAmount()}>
          {t('send.max')}
        </button>
      </div>
      <p className="muted amount-meta">
        <span>{send.amountFiat ?? ''}</span>
        {send.networkBalanceUsd ? <span data-testid="send-network-balance">{t('send.networkBalance', { amount: send.networkBalanceUsd })}</span> : null}
      </p>

      <label htmlFor={`${id}-receiver`}>{t('send.to')}</label>
      <input
        id={`${id}-receiver`}
        className="field"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('send.receiver')}
        value={send.receiver}
        disabled={send.isSending}
        onChange={(event) => send.setReceiver(event.target.value)}
      />
      <ReceiverProfileLine />

      {/* A rule shows once the visitor has typed something, never on an untouched form. */}
      <p className="muted hint" data-testid="send-hint">
        {(send.amount !== '' || send.receiver !== '') && invalid ? errorText(invalid) : ' '}
      </p>
      <button type="submit" className="primary" disabled={invalid !== undefined || send.isSending}>
        {send.isSending ? t('send.sending') : t('send.submit')}
      </button>
    </form>
  )
})

/** The receiver's avatar, name and address once the name service knows them; announced politely. */
const ReceiverProfileLine = observer(function ReceiverProfileLine() {
  const send = useKit().resolve(SendStoreToken)
  const profile = send.receiverProfile
  return (
    <p className="receiver-profile" aria-live="polite" data-testid="send-receiver-profile">
      {profile ? (
        <>
          {profile.avatar ? <img className="receiver-avatar" src={profile.avatar} alt="" /> : <span className="receiver-avatar" aria-hidden="true" />}
          <span>{profile.name ? `${profile.name} · ${shortAddress(profile.address)}` : shortAddress(profile.address)}</span>
        </>
      ) : null}
    </p>
  )
})
