import type { Project } from '../plugins/projects/projects.js'
import { toHostedFeatureList, type HostedFeature } from './toHostedFeatureList.js'

/** The body of `GET /appkit/v1/config`, also the `data` of each `config` event of its stream. */
export interface RemoteConfigAnswer {
  features: Project['features'] | HostedFeature[]
}

/** What this backend's secure site offers, beside the project's own flags. */
export interface SecureSiteOffer {
  /** Passkeys (login, recovery, key export): only with key shares on (server/secureSite/KEY_SHARES.md). */
  passkeys: boolean
}

/**
 * A project's remote configuration as the caller reads it: AppKit (`st=appkit`) reads only the
 * hosted service's list `[{id, isEnabled, config}]`; the Latch kit (`st=latch`) and other
 * callers get the flags as the project names them, and `passkeys: true` where the secure site
 * offers passkeys and the project did not turn them off. Left out otherwise: the kit shows
 * passkeys only for an explicit `true`, so an older backend never gets a button it cannot serve.
 *
 * @param project - the project named by `projectId`
 * @param st - the caller's SDK type (SPEC §7 `st`)
 * @param offer - what the secure site offers (no passkeys when left out)
 * @returns the answer's body
 * @example
 * remoteConfigAnswer(DEV_PROJECT, 'latch', { passkeys: true }) // { features: { email: true, …, passkeys: true } }
 */
export function remoteConfigAnswer(project: Project, st: string | undefined, offer: SecureSiteOffer = { passkeys: false }): RemoteConfigAnswer {
  if (st === 'appkit') return { features: toHostedFeatureList(project.features) }
  const passkeys = offer.passkeys && project.features.passkeys !== false
  return { features: passkeys ? { ...project.features, passkeys } : project.features }
}
