import { FRAME_LOAD_FAILED, FRAME_READY, FRAME_SESSION_UPDATE, errorType, parseAppMessage, successType, type AppRequestType, type FrameMessage } from '../../../chains/auth/frameProtocol.js'
import { matchesOriginPattern } from '../../../chains/auth/matchesOriginPattern.js'
import { errorPayloadOf } from './errorPayloadOf.js'
import { applyFrameTheme } from './applyFrameTheme.js'
import { FrameWallet } from './FrameWallet.js'
import { showApprovalCard } from './showApprovalCard.js'
import { watchCardVisibility } from './watchCardVisibility.js'
import { openApprovalWindow } from './openApprovalWindow.js'
import { offerPasskeyWindow } from './offerPasskeyWindow.js'
import { openFrameStorage } from './openFrameStorage.js'
import { CodeInbox } from './CodeInbox.js'
import { CODE_CHANNEL_ID, CODE_CHANNEL_PARAM } from '../../../chains/auth/codeFieldUrl.js'
import { LOCALE_PARAM, t, useFrameLocale } from './frameText.js'

// The frame page: started inside the kit's hidden iframe. It talks only to its parent, and
// only once its own server confirms the parent's origin is on the project's allow-list.
const query = new URLSearchParams(location.search)
const logging = query.get('enableLogger') === 'true'
const log = (...args: unknown[]) => {
  if (logging) console.debug('[latch secure site]', ...args)
}

/** The embedding page's origin: ancestorOrigins where the browser has it, else the referrer's. */
function parentOrigin(): string | undefined {
  if (window.parent === window) return undefined
  const ancestor = location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  return document.referrer && URL.canParse(document.referrer) ? new URL(document.referrer).origin : undefined
}

/** The project's allow-list says yes or no; 'unavailable' when this site's server could not be asked (down, 5xx). */
async function isAllowedParent(origin: string): Promise<boolean | 'unavailable'> {
  const projectId = query.get('projectId') ?? ''
  const response = await fetch(`/api/project?${new URLSearchParams({ projectId })}`, { credentials: 'omit' }).catch(() => undefined)
  if (!response || response.status >= 500) return 'unavailable'
  if (!response.ok) return false
  const { allowedOrigins } = (await response.json()) as { allowedOrigins: string[] }
  return allowedOrigins.some((pattern) => matchesOriginPattern(origin, pattern))
}

/** SPEC §8 'parent is not set': this page opened on its own, not in an app's frame, says so instead of staying blank. */
async function showParentNotSet() {
  await useFrameLocale(query.get(LOCALE_PARAM))
  const root = document.getElementById('approval')!
  const text = document.createElement('p')
  text.setAttribute('role', 'alert')
  text.textContent = t('frame.parentNotSet')
  root.replaceChildren(text)
  root.hidden = false
}

async function start() {
  if (window.parent === window) return showParentNotSet()
  const origin = parentOrigin()
  if (!origin || origin === 'null') return log('parent not allowed', origin)
  const allowed = await isAllowedParent(origin)
  // SPEC §8 'Unable to load email login dependency': the kit stops waiting for a READY that cannot come.
  // The message says only that; nothing is answered until an allowed origin is confirmed.
  if (allowed === 'unavailable') return window.parent.postMessage({ type: FRAME_LOAD_FAILED }, origin)
  if (!allowed) return log('parent not allowed', origin)
  // The kit's language, before READY: every card and window then speaks it.
  await useFrameLocale(query.get(LOCALE_PARAM))
  const post = (message: FrameMessage) => window.parent.postMessage(message, origin)
  const root = document.getElementById('approval')!
  // The code field posts the visitor's code on this channel; the page's messages never carry one.
  const codeChannel = query.get(CODE_CHANNEL_PARAM) ?? ''
  const wallet = new FrameWallet({
    storage: openFrameStorage(),
    chainId: query.get('chainId') ?? 'eip155:31337',
    appOrigin: origin,
    projectId: query.get('projectId') ?? '',
    // Approve counts only once the browser proves the card seen (the page can hide or cover this
    // frame); otherwise the card offers a window of this site, which no page can draw over.
    approve: (dappName, describe) =>
      showApprovalCard(root, { dappName, origin }, describe, {
        watchVisibility: watchCardVisibility,
        // The window is described once, in the language of the moment it opens.
        openWindow: () => openApprovalWindow({ dappName, origin }, describe()),
      }),
    // The passkey window opens on a click in this frame: a page's request is no gesture.
    openPasskeyWindow: (task) => offerPasskeyWindow(root, task),
    onSessionChange: (token) => post({ type: FRAME_SESSION_UPDATE, payload: { token } }),
    useLocale: (locale) => useFrameLocale(locale),
    applyTheme: (mode, variables, w3mVariables) => applyFrameTheme(document.documentElement, mode, variables, w3mVariables),
    ...(CODE_CHANNEL_ID.test(codeChannel) ? { codes: new CodeInbox(codeChannel) } : {}),
  })
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the parent, from its checked origin, with a listed request: anything else is dropped.
    if (event.source !== window.parent || event.origin !== origin) return
    const message = parseAppMessage(event.data)
    if (!message) return
    const type = message.type.slice('@w3m-app/'.length) as AppRequestType
    log('request', type, message.id)
    wallet.handle(type, message.payload as never).then(
      (result) => post({ type: successType(type), id: message.id, payload: result }),
      (error: unknown) => post({ type: errorType(type), id: message.id, payload: errorPayloadOf(error) }),
    )
  })
  post({ type: FRAME_READY })
}

void start()
