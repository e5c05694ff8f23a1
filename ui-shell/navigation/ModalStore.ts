import { action, makeObservable, observable } from 'mobx'

/** Whether the modal is open; the view stack says what it shows. */
export class ModalStore {
  isOpen = false

  constructor() {
    makeObservable(this, { isOpen: observable, setOpen: action })
  }

  setOpen(open: boolean): void {
    this.isOpen = open
  }
}
