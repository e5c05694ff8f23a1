import type { FastifySchemaCompiler } from 'fastify'
import { createStrictAjv } from '../plugins/projects/createStrictAjv.js'

/**
 * A route schema compiler that never coerces (see `createStrictAjv`): the admin API refuses
 * `"swaps": "yes"` with a 400 naming the field instead of storing `["yes"]`.
 *
 * @returns a compiler for `app.setValidatorCompiler`, inside the admin plugin only
 * @example
 * app.setValidatorCompiler(createStrictValidatorCompiler())
 */
export function createStrictValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = createStrictAjv()
  return ({ schema }) => ajv.compile(schema as object)
}
