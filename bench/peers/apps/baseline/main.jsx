// The React-only baseline: a button that opens a bare <dialog>. Every peer's figures are read
// against this page, so React and ReactDOM count for nobody.
import { useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

function BareDialog({ open, onClose }) {
  const ref = useRef(null)
  useEffect(() => {
    if (open && !ref.current.open) ref.current.showModal()
    if (!open && ref.current.open) ref.current.close()
  }, [open])
  return (
    <dialog ref={ref} aria-labelledby="title" onClose={onClose}>
      {open ? (
        <>
          <h2 id="title">Connect Wallet</h2>
          <ul>
            <li>
              <button type="button">Browser Wallet</button>
            </li>
            <li>
              <button type="button">WalletConnect</button>
            </li>
          </ul>
        </>
      ) : null}
    </dialog>
  )
}

function App() {
  const [open, setOpen] = useState(false)
  return (
    <main>
      <button type="button" data-bench="connect" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      <BareDialog open={open} onClose={() => setOpen(false)} />
    </main>
  )
}

createRoot(document.getElementById('root')).render(<App />)
