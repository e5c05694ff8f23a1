import { KitError } from '../../kernel/errors/base.js'
import { ShellErrorCodes } from './codes.js'

/** A Latch custom element's tag is already taken by another kit or by someone else's element. */
export class ElementDefinedError extends KitError {
  static readonly code = ShellErrorCodes.ElementDefined
  override name = 'ElementDefinedError'
  constructor({ tag }: { tag: string }) {
    super(`<${tag}> is already defined for another kit or by another library.`, {
      code: ElementDefinedError.code,
      metaMessages: ['Call defineLatchElements(kit) once per page, with the page\'s one kit.'],
    })
  }
}
