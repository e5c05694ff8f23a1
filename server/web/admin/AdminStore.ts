import { action, computed, makeObservable, observable, observableRef, runInAction, toJS } from 'mobx'
import type { KitError } from '../../../kernel/errors/base.js'
import { toKitError } from '../../../kernel/errors/base.js'
import { isOriginEntry } from '../../plugins/projects/isOriginEntry.js'
import type { Project } from '../../plugins/projects/projects.js'
import type { AdminApi } from './createAdminApi.js'
import { AdminOriginInvalidError, AdminTokenRejectedError } from './errors.js'
import { ANALYTICS_FLAG, KNOWN_FEATURES } from './knownFeatures.js'
import { t } from './adminText.js'

/** Where the token is kept: the tab's session storage, gone when the tab closes. */
export const ADMIN_TOKEN_KEY = 'latch-admin-token'

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const listKey = (projectId: string, flag: string) => JSON.stringify([projectId, flag])

/** What the page's status line says: the outcome of the last call. */
export type AdminStatus =
  | { kind: 'idle' }
  | { kind: 'busy'; message: string }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; error: KitError }

/** Where a call's outcome is shown: beside the control that made it. */
export type StatusPlace = 'page' | 'save'

/** One switch of the Features list. */
export interface FeatureSwitch {
  flag: string
  label: string
  on: boolean
  /** Absent from the project: the page's own (local) setting applies. */
  unset: boolean
  /** A list the flag carries (`socials: ['google', 'x']`), shown beside it. */
  list: string[] | undefined
}

export interface AdminStoreDeps {
  api: AdminApi
  /** `sessionStorage` in the page. */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
}

/**
 * The admin page's state: the operator's token, the projects, and the draft of the selected
 * project being edited. Saving writes the whole draft (PUT), so the server holds exactly what
 * the page shows; every outcome lands in `status`, which the page reads out.
 */
export class AdminStore {
  token: string | undefined
  projects: Project[] = []
  selectedId: string | undefined = undefined
  /** The selected project as edited, not yet saved. */
  draft: Project | undefined = undefined
  newOrigin = ''
  originError: KitError | undefined = undefined
  newFlag = ''
  /** The delete button asks once more before it deletes. */
  confirmingDelete = false
  status: AdminStatus = { kind: 'idle' }
  /** Where the page says it: beside the Save button for a save, else at the top of the page. */
  statusPlace: StatusPlace = 'page'
  /** Each flag's last list (`socials: ['google', 'x']`), by project: switching it on again gives it back. */
  readonly #lists = new Map<string, string[]>()

  constructor(private readonly deps: AdminStoreDeps) {
    this.token = deps.storage.getItem(ADMIN_TOKEN_KEY) ?? undefined
    makeObservable<AdminStore, 'settle' | 'adopt'>(this, {
      token: observable,
      projects: observableRef,
      selectedId: observable,
      draft: observable,
      newOrigin: observable,
      originError: observableRef,
      newFlag: observable,
      confirmingDelete: observable,
      status: observableRef,
      statusPlace: observable,
      signedIn: computed,
      selected: computed,
      featureSwitches: computed,
      analyticsOn: computed,
      isDirty: computed,
      isBusy: computed,
      signOut: action,
      select: action,
      setName: action,
      setFeature: action,
      setAnalytics: action,
      setNewOrigin: action,
      addOrigin: action,
      removeOrigin: action,
      setNewFlag: action,
      addFlag: action,
      askToDelete: action,
      settle: action,
      adopt: action,
    })
  }

  get signedIn(): boolean {
    return this.token !== undefined
  }

  /** The selected project as the server last answered it. */
  get selected(): Project | undefined {
    return this.projects.find((project) => project.id === this.selectedId)
  }

  get isBusy(): boolean {
    return this.status.kind === 'busy'
  }

  /** The SPEC's flags first, then any other the draft holds; never the analytics switch. */
  get featureSwitches(): FeatureSwitch[] {
    const features = this.draft?.features ?? {}
    const known = new Set(KNOWN_FEATURES.map(({ flag }) => flag))
    const others = Object.keys(features)
      .filter((flag) => !known.has(flag) && flag !== ANALYTICS_FLAG)
      .sort()
      .map((flag) => ({ flag, label: () => flag }))
    return [...KNOWN_FEATURES, ...others].map(({ flag, label: labelOf }) => {
      const label = labelOf()
      const value = features[flag]
      return { flag, label, on: value === true || (Array.isArray(value) && value.length > 0), unset: value === undefined, list: Array.isArray(value) ? value : undefined }
    })
  }

  get analyticsOn(): boolean {
    return this.draft?.features[ANALYTICS_FLAG] !== false
  }

  get isDirty(): boolean {
    return this.draft !== undefined && JSON.stringify(this.draft) !== JSON.stringify(this.selected)
  }

  /** Checks the token by listing the projects; keeps it for this tab only if the API takes it. */
  async signIn(token: string): Promise<void> {
    const trimmed = token.trim()
    await this.run(t('status.signingIn'), async () => {
      const projects = await this.deps.api.list(trimmed)
      this.deps.storage.setItem(ADMIN_TOKEN_KEY, trimmed)
      runInAction(() => (this.token = trimmed))
      this.adopt(projects, this.selectedId ?? projects[0]?.id)
      return undefined
    })
  }

  signOut(): void {
    this.deps.storage.removeItem(ADMIN_TOKEN_KEY)
    this.token = undefined
    this.projects = []
    this.selectedId = undefined
    this.draft = undefined
    this.status = { kind: 'idle' }
  }

  /** Re-reads the projects (the page's start with a kept token). */
  async reload(): Promise<void> {
    const token = this.token
    if (token === undefined) return
    await this.run(t('status.loading'), async () => {
      const projects = await this.deps.api.list(token)
      this.adopt(projects, this.selectedId ?? projects[0]?.id)
      return undefined
    })
  }

  /** Edits another project; the draft of the last one is dropped. */
  select(id: string): void {
    this.selectedId = id
    this.draft = structuredClone(this.selected)
    this.resetInputs()
  }

  setName(name: string): void {
    if (this.draft) this.draft.name = name
  }

  /** Off writes `false`; on gives back the last list the flag had in this page, else `true`. */
  setFeature(flag: string, on: boolean): void {
    if (!this.draft) return
    const list = this.#lists.get(listKey(this.draft.id, flag))
    this.draft.features[flag] = on ? (list ? [...list] : true) : false
  }

  /** Off is `analytics: false`; on removes the flag, which is the default (SPEC §1: analytics on). */
  setAnalytics(on: boolean): void {
    if (!this.draft) return
    if (on) delete this.draft.features[ANALYTICS_FLAG]
    else this.draft.features[ANALYTICS_FLAG] = false
  }

  setNewOrigin(text: string): void {
    this.newOrigin = text
    this.originError = undefined
  }

  /** Adds the typed origin if the API would take it (`isOriginEntry`); else says why, and adds nothing. */
  addOrigin(): void {
    if (!this.draft) return
    const entry = this.newOrigin.trim()
    if (!isOriginEntry(entry)) {
      this.originError = new AdminOriginInvalidError({ entry })
      return
    }
    if (!this.draft.allowedOrigins.includes(entry)) this.draft.allowedOrigins.push(entry)
    this.newOrigin = ''
  }

  removeOrigin(entry: string): void {
    if (this.draft) this.draft.allowedOrigins = this.draft.allowedOrigins.filter((origin) => origin !== entry)
  }

  setNewFlag(text: string): void {
    this.newFlag = text
  }

  /** Adds a flag the list does not show yet (a third-party plugin's), switched on. */
  addFlag(): void {
    const flag = this.newFlag.trim()
    // Names an object inherits: they would not round-trip (answers are parsed without them).
    if (!this.draft || flag === '' || flag === ANALYTICS_FLAG || UNSAFE_KEYS.has(flag)) return
    if (!Object.hasOwn(this.draft.features, flag)) this.draft.features[flag] = true
    this.newFlag = ''
  }

  /** Writes the draft; 'Saved' once the server has it, else its refusal, and the draft is kept. */
  async save(): Promise<void> {
    const token = this.token
    const draft = this.draft
    if (token === undefined || !draft) return
    // A plain copy: the request must not see later edits of the observable draft.
    const { id, ...body } = toJS(draft)
    await this.run(
      t('status.saving'),
      async () => {
        const saved = await this.deps.api.replace(token, id, body)
        this.adopt(this.projects.map((project) => (project.id === id ? saved : project)), id)
        return t('status.saved')
      },
      'save',
    )
  }

  /** Creates an empty project (no origins, no flags) and selects it. */
  async create(id: string, name: string): Promise<void> {
    const token = this.token
    if (token === undefined) return
    await this.run(t('status.creating'), async () => {
      const created = await this.deps.api.create(token, { id: id.trim(), name: name.trim() || id.trim(), allowedOrigins: [], features: {} })
      this.adopt([...this.projects, created], created.id)
      return t('status.created', { name: created.name })
    })
  }

  askToDelete(asking: boolean): void {
    this.confirmingDelete = asking
  }

  async deleteSelected(): Promise<void> {
    const token = this.token
    const doomed = this.selected
    if (token === undefined || !doomed) return
    await this.run(t('status.deleting'), async () => {
      await this.deps.api.remove(token, doomed.id)
      const left = this.projects.filter((project) => project.id !== doomed.id)
      this.adopt(left, left[0]?.id)
      return t('status.deleted', { name: doomed.name })
    })
  }

  /** Runs one call: 'busy' while it runs, then its outcome; a 401 signs out but keeps the message. */
  private async run(busy: string, call: () => Promise<string | undefined>, place: StatusPlace = 'page'): Promise<void> {
    if (this.isBusy) return
    runInAction(() => (this.statusPlace = place))
    this.settle({ kind: 'busy', message: busy })
    try {
      const done = await call()
      this.settle(done === undefined ? { kind: 'idle' } : { kind: 'done', message: done })
    } catch (error) {
      const failure = toKitError(error)
      if (failure instanceof AdminTokenRejectedError) {
        this.signOut()
      }
      this.settle({ kind: 'failed', error: failure })
    }
  }

  private settle(status: AdminStatus): void {
    this.status = status
  }

  /** Takes the server's projects and edits `selectedId` afresh (its saved state). */
  private adopt(projects: Project[], selectedId: string | undefined): void {
    for (const project of projects)
      for (const [flag, value] of Object.entries(project.features))
        if (Array.isArray(value) && value.length > 0) this.#lists.set(listKey(project.id, flag), [...value])
    this.projects = projects
    this.selectedId = selectedId
    this.draft = structuredClone(this.selected)
    this.confirmingDelete = false
    this.resetInputs()
  }

  private resetInputs(): void {
    this.newOrigin = ''
    this.originError = undefined
    this.newFlag = ''
    this.confirmingDelete = false
  }
}
