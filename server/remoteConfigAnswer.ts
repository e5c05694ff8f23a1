import type { Project } from './projects.js'
import { toHostedFeatureList, type HostedFeature } from './toHostedFeatureList.js'

/** The body of `GET /appkit/v1/config`, also the `data` of each `config` event of its stream. */
export interface RemoteConfigAnswer {
  features: Project['features'] | HostedFeature[]
}

/**
 * A project's remote configuration as the caller reads it: AppKit (`st=appkit`) reads only the
 * hosted service's list `[{id, isEnabled, config}]`; the Latch kit (`st=latch`) and other
 * callers get the flags as the project names them.
 *
 * @param project - the project named by `projectId`
 * @param st - the caller's SDK type (SPEC §7 `st`)
 * @returns the answer's body
 * @example
 * remoteConfigAnswer(DEV_PROJECT, 'latch') // { features: { email: true, … } }
 */
export function remoteConfigAnswer(project: Project, st: string | undefined): RemoteConfigAnswer {
  return { features: st === 'appkit' ? toHostedFeatureList(project.features) : project.features }
}
