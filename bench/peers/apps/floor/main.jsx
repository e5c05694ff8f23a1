// The floor: not a kit, a reference. The packages Latch's architecture fixes (React, MobX with
// mobx-react-lite, tsyringe with reflect-metadata, eventemitter3) doing the least a wallet modal
// does: two small stores in a child container, one reaction, an event bus, and a Connect view of
// four rows rendered into the closed <dialog> before the click, as Latch's modal is (so the
// click only shows it). No kernel, no plugin, no chain code: whatever a kit holds above this
// page is its own. The table's notes give its heap as the budget the 1.6× target leaves.
import 'reflect-metadata'
import EventEmitter from 'eventemitter3'
import { action, computed, makeObservable, observable, reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'
import { createRoot } from 'react-dom/client'
import { container } from 'tsyringe'

class ModalStore {
  open = false
  history = []
  view = 'Connect'
  constructor() {
    makeObservable(this, { open: observable, history: observable, view: observable, show: action, hide: action, push: action, canGoBack: computed })
  }
  show() { this.open = true }
  hide() { this.open = false }
  push(view) { this.history.push(this.view); this.view = view }
  get canGoBack() { return this.history.length > 0 }
}

class WalletStore {
  wallets = [
    { id: 'injected', name: 'Browser Wallet' },
    { id: 'walletConnect', name: 'WalletConnect' },
    { id: 'metamask', name: 'MetaMask' },
    { id: 'rabby', name: 'Rabby' },
  ]
  installed = ['injected']
  query = ''
  status = 'idle'
  constructor() {
    makeObservable(this, { wallets: observable, installed: observable, query: observable, status: observable, select: action, rows: computed })
  }
  select() { this.status = 'connecting' }
  get rows() {
    return this.wallets
      .filter((wallet) => wallet.name.toLowerCase().includes(this.query))
      .map((wallet) => ({ ...wallet, installed: this.installed.includes(wallet.id) }))
  }
}

const kit = container.createChildContainer()
kit.registerSingleton('modal', ModalStore)
kit.registerSingleton('wallets', WalletStore)
const modal = kit.resolve('modal')
const wallets = kit.resolve('wallets')
const bus = new EventEmitter()
reaction(() => wallets.status, (status) => bus.emit('status', status))
bus.on('status', (status) => { if (status === 'connected') modal.hide() })

const WalletRow = observer(({ wallet }) => (
  <li>
    <button type="button" onClick={() => wallets.select(wallet.id)}>
      {wallet.name}
      {wallet.installed ? <span> installed</span> : null}
    </button>
  </li>
))

const ConnectView = observer(() => (
  <>
    <header>
      {modal.canGoBack ? <button type="button">Back</button> : null}
      <h2 id="title">Connect Wallet</h2>
    </header>
    <ul>
      {wallets.rows.map((wallet) => <WalletRow key={wallet.id} wallet={wallet} />)}
    </ul>
  </>
))

const Modal = observer(() => {
  const ref = useRef(null)
  useEffect(() => {
    if (modal.open && !ref.current.open) ref.current.showModal()
    if (!modal.open && ref.current.open) ref.current.close()
  }, [modal.open])
  return (
    <dialog ref={ref} aria-labelledby="title" onClose={() => modal.hide()}>
      <ConnectView />
    </dialog>
  )
})

createRoot(document.getElementById('root')).render(
  <main>
    <button type="button" data-bench="connect" onClick={() => modal.show()}>
      Connect Wallet
    </button>
    <Modal />
  </main>,
)
