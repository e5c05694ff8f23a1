import { Ajv } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { isOriginEntry } from '../isOriginEntry.js'

/**
 * A schema compiler that never coerces. The server's shared ajv coerces (`coerceTypes: 'array'`,
 * for repeated query parameters), which in a project body would quietly turn `"swaps": "yes"`
 * into `["yes"]` or one origin string into a list: the admin API refuses those with a 400 instead.
 *
 * @returns a compiler for `app.setValidatorCompiler`, inside the admin plugin only
 * @example
 * app.setValidatorCompiler(createStrictValidatorCompiler())
 */
export function createStrictValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: false, formats: { 'origin-entry': isOriginEntry } })
  return ({ schema }) => ajv.compile(schema as object)
}
