import * as v from 'valibot'
import type { KitStorage } from '../../kernel/index.js'
import { HttpStatusError, type HttpClient } from '../../ui-shell/plugin.js'
import { createCacao, statementOf } from '../../chains/caip/createCacao.js'
import { SiwxInitializeError } from './errors/SiwxInitializeError.js'
import { SessionSchema, type SiwxStorage } from './siwxStorage.js'

const Text = v.pipe(v.string(), v.maxLength(4096))
/** The server's token for one account on one network: what lists and revokes its sessions. */
const TokenSchema = v.object({ chainId: Text, address: Text, token: Text })
type SessionToken = v.InferOutput<typeof TokenSchema>

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    siwxServerTokens: SessionToken[]
  }
}

const NonceAnswer = v.object({ nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,64}$/)) })
const SessionAnswer = v.object({ token: Text, session: SessionSchema })
const ListAnswer = v.object({ sessions: v.pipe(v.array(SessionSchema), v.maxLength(64)) })

const sameAccount = (entry: SessionToken, chainId: string, address: string) => entry.chainId === chainId && entry.address.toLowerCase() === address.toLowerCase()

/**
 * Sessions kept by the reference backend (`/v1/siwx/*`): the server issues the nonce, verifies
 * the signed message (on chain, so smart accounts verify) and answers a token, which the page
 * keeps to read the session back after a reload and to revoke it. Answers are checked before
 * use; a server that cannot be reached reads as "no session" (the visitor is asked to sign).
 *
 * @param client - the blockchain service (the kit's `blockchainApiUrl` or `apiUrl`)
 * @param storage - the kit's storage, for the tokens (key `siwxServerTokens`)
 */
export function createServerSiwxStorage(client: HttpClient, storage: KitStorage): SiwxStorage {
  storage.define({ siwxServerTokens: { schema: v.pipe(v.array(TokenSchema), v.maxLength(64)) } })
  const tokens = () => storage.get('siwxServerTokens') ?? []
  const forget = (chainId: string, address: string) => storage.set('siwxServerTokens', tokens().filter((entry) => !sameAccount(entry, chainId, address)))
  const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
  return {
    async createNonce() {
      try {
        return v.parse(NonceAnswer, await client.post('/v1/siwx/nonce', {})).nonce
      } catch (error) {
        throw new SiwxInitializeError({ cause: error })
      }
    },
    async add(session) {
      let answer: v.InferOutput<typeof SessionAnswer>
      try {
        answer = v.parse(SessionAnswer, await client.post('/v1/siwx/sessions', { message: session.message, signature: session.signature }))
      } catch (error) {
        throw new SiwxInitializeError({ cause: error })
      }
      const { chainId, accountAddress } = answer.session.data
      forget(chainId, accountAddress)
      storage.set('siwxServerTokens', [...tokens(), { chainId, address: accountAddress, token: answer.token }])
    },
    async get(chainId, address) {
      const entry = tokens().find((candidate) => sameAccount(candidate, chainId, address))
      if (!entry) return []
      try {
        const answer = await client.get('/v1/siwx/sessions', { query: { chainId, address }, ...auth(entry.token) })
        // The server keeps what was signed; the CACAO is the same facts in CAIP-74's shape.
        return v.parse(ListAnswer, answer).sessions.map((session) => ({
          ...session,
          cacao: session.cacao ?? createCacao({ ...session.data, statement: statementOf(session.message) }, session.signature),
        }))
      } catch (error) {
        // The server no longer knows the session (revoked, expired): its token is of no use.
        if (error instanceof HttpStatusError && (error.status === 401 || error.status === 403)) forget(chainId, address)
        return []
      }
    },
    async delete(chainId, address) {
      const entry = tokens().find((candidate) => sameAccount(candidate, chainId, address))
      if (!entry) return
      // Forgotten here whatever the server answers: signing out always signs out of the page.
      forget(chainId, address)
      await client.post('/v1/siwx/sessions/revoke', { chainId, address }, auth(entry.token))
    },
  }
}
