import { Ajv } from 'ajv'
import { isOriginEntry } from './isOriginEntry.js'

/**
 * An ajv that never coerces, with the `origin-entry` format (`isOriginEntry`). The server's
 * shared ajv coerces (`coerceTypes: 'array'`, for repeated query parameters), which in a project
 * would quietly turn `"swaps": "yes"` into `["yes"]` or one origin string into a list: project
 * bodies and the projects file are checked by this one instead, against the same schemas.
 *
 * @returns a new ajv instance
 * @example
 * const valid = createStrictAjv().compile({ type: 'array', items: NewProjectBody })
 */
export function createStrictAjv(): Ajv {
  // allowUnionTypes: a feature flag is `type: ['boolean', 'array']` on purpose (one message naming the flag).
  return new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, allowUnionTypes: true, formats: { 'origin-entry': isOriginEntry } })
}
