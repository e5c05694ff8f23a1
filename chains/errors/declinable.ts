import { SignatureDeclinedError } from './request.js'
import { isUserRejection } from './toConnectionError.js'

/** Runs a wallet prompt: the visitor's refusal becomes SPEC §8's SignatureDeclinedError, any other failure passes through. */
export async function declinable<T>(prompt: () => Promise<T>): Promise<T> {
  try {
    return await prompt()
  } catch (error) {
    if (isUserRejection(error)) throw new SignatureDeclinedError({ cause: error })
    throw error
  }
}
