import { Ajv, type SchemaValidateFunction } from 'ajv'
import { originEntryProblem } from './isOriginEntry.js'

// `originEntry: true`: the entry passes `originEntryProblem`, whose sentence becomes the error (for `*`, why it is refused).
const checkOriginEntry: SchemaValidateFunction = (_schema: boolean, entry: string) => {
  const problem = originEntryProblem(entry)
  checkOriginEntry.errors = problem ? [{ keyword: 'originEntry', message: problem, params: {} }] : undefined
  return problem === undefined
}

/**
 * An ajv that never coerces, with the `originEntry` keyword (`originEntryProblem`). The server's
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
  const ajv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, allowUnionTypes: true })
  ajv.addKeyword({ keyword: 'originEntry', type: 'string', schemaType: 'boolean', errors: true, validate: checkOriginEntry })
  return ajv
}
