import {
  APPROVAL_WINDOW_DECISION,
  APPROVAL_WINDOW_READY,
  APPROVAL_WINDOW_REQUEST,
  parseApprovalWindowMessage,
  type ApprovalWindowMessage,
} from '../walletFrame/approvalWindowProtocol.js'
import { showApprovalCard } from '../walletFrame/showApprovalCard.js'
import { LOCALE_PARAM, t, useFrameLocale } from '../walletFrame/frameText.js'

// The approval window (issue 26): a top-level window of the secure site, opened by the wallet's
// frame when the frame cannot prove its own card is seen. No page can draw over, hide or make
// this window see-through, so its card takes Approve after the usual delay, with focus on Reject.
// It speaks only with the frame that opened it: its `opener`, on this same origin.
const opener = window.opener as Window | null
const root = document.getElementById('approval')!

function notice(title: string, sentence: string) {
  const heading = document.createElement('h1')
  heading.textContent = title
  const text = document.createElement('p')
  text.textContent = sentence
  document.body.className = 'notice'
  root.replaceChildren(heading, text)
  root.hidden = false
}

async function start() {
  await useFrameLocale(new URLSearchParams(location.search).get(LOCALE_PARAM), 'window.title')
  if (!opener) return notice(t('window.nothingTitle'), t('window.nothingText'))
  const post = (message: ApprovalWindowMessage) => opener.postMessage(message, location.origin)
  let asked = false
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the frame that opened this window, on the secure site's own origin, and only once.
    if (asked || event.source !== opener || event.origin !== location.origin) return
    const message = parseApprovalWindowMessage(event.data)
    if (message?.type !== APPROVAL_WINDOW_REQUEST) return
    asked = true
    void showApprovalCard(root, message.asker, message.description).then((approved) => {
      post({ type: APPROVAL_WINDOW_DECISION, approved })
      window.close()
    })
  })
  post({ type: APPROVAL_WINDOW_READY })
}

void start()
