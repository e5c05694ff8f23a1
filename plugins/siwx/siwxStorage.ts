import * as v from 'valibot'
import type { KitStorage } from '../../kernel/index.js'

const Text = v.pipe(v.string(), v.maxLength(4096))
/** A session as stored and as the server answers it: checked before use, whoever sent it. */
export const SessionSchema = v.object({
  data: v.object({
    accountAddress: Text,
    /** CAIP-2 of the network signed in on. */
    chainId: Text,
    domain: Text,
    uri: Text,
    nonce: Text,
    issuedAt: Text,
    expirationTime: v.optional(Text),
  }),
  message: Text,
  signature: Text,
  /** The same sign-in as a CAIP-74 object (absent from sessions saved before it was kept). */
  cacao: v.optional(
    v.object({
      h: v.object({ t: v.literal('caip122') }),
      p: v.object({
        domain: Text,
        iss: Text,
        aud: Text,
        version: Text,
        nonce: Text,
        iat: Text,
        exp: v.optional(Text),
        statement: v.optional(Text),
      }),
      s: v.object({ t: Text, s: Text }),
    }),
  ),
})

/** A sign-in session (SPEC §3): what was signed, the signature, and both as a CACAO. */
export type SiwxSession = v.InferOutput<typeof SessionSchema>

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    siwxSessions: SiwxSession[]
  }
}

/** Where sessions are kept: the page's storage by default; a host may keep them on its server. */
export interface SiwxStorage {
  /** A nonce for the next message, when the storage issues them (a server checks its own); else the kit makes one. */
  createNonce?(): Promise<string>
  add(session: SiwxSession): Promise<void>
  /** The sessions of one account on one network (CAIP-2). */
  get(chainId: string, address: string): Promise<SiwxSession[]>
  delete(chainId: string, address: string): Promise<void>
}

const sameAccount = (session: SiwxSession, chainId: string, address: string) =>
  session.data.chainId === chainId && session.data.accountAddress.toLowerCase() === address.toLowerCase()

/** Sessions in the kit's storage (key `siwxSessions`), expired ones never returned. */
export function createLocalSiwxStorage(storage: KitStorage, now: () => number = Date.now): SiwxStorage {
  storage.define({ siwxSessions: { schema: v.pipe(v.array(SessionSchema), v.maxLength(64)) } })
  const all = () => storage.get('siwxSessions') ?? []
  const live = (session: SiwxSession) => !session.data.expirationTime || Date.parse(session.data.expirationTime) > now()
  return {
    async add(session) {
      const { chainId, accountAddress } = session.data
      storage.set('siwxSessions', [...all().filter((s) => !sameAccount(s, chainId, accountAddress)), session])
    },
    async get(chainId, address) {
      return all().filter((session) => sameAccount(session, chainId, address) && live(session))
    },
    async delete(chainId, address) {
      storage.set('siwxSessions', all().filter((session) => !sameAccount(session, chainId, address)))
    },
  }
}
