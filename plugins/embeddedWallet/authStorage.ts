import * as v from 'valibot'
import type { StorageDefinitions } from '../../kernel/index.js'

const Text = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))
/** SPEC §3: a comma list of EVM chain ids ('1,8453,31337'). */
const ChainIdList = v.pipe(v.string(), v.maxLength(2000), v.regex(/^\d{1,12}(,\d{1,12})*$/))

declare module '../../kernel/storage/storageKeys.js' {
  interface StorageItemMap {
    /** The address the visitor last logged in with by email: it pre-fills Connect's email field. */
    email: string
    /** The last login through the embedded wallet was by email, and the visitor has not disconnected since. */
    emailLoginUsed: boolean
    /** When the last code was sent (ms since epoch): SPEC §9's 30 s resend wait survives a reload. */
    lastEmailLoginTime: number
    /** The social provider ('google', 'discord', …) of the embedded wallet's connected user. */
    connectedSocialProvider: string
    /** That user's name at the provider. */
    connectedSocialUsername: string
    /** The EVM chains the embedded wallet runs smart accounts on, as a comma list (SPEC §3). */
    smartAccountEnabledNetworks: string
  }
}

/**
 * The embedded wallet's keys (SPEC §3 'Stored locally'), with their schemas: a corrupt or
 * foreign value reads as nothing saved. None is a secret: the session lives on the secure site.
 */
export const AUTH_STORAGE: StorageDefinitions = {
  email: { schema: Text(254) },
  emailLoginUsed: { schema: v.boolean() },
  lastEmailLoginTime: { schema: v.pipe(v.number(), v.integer(), v.minValue(0)) },
  connectedSocialProvider: { schema: Text(32) },
  connectedSocialUsername: { schema: Text(256) },
  smartAccountEnabledNetworks: { schema: ChainIdList },
}
