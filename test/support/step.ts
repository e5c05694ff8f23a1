/**
 * One named step of a test whose steps build on each other (one login shared by what follows).
 * A failure is rethrown with the step's name in front, so the report names the step that broke;
 * the error itself is kept (an assertion's expected and actual values still show).
 *
 * @example
 * const address = await step('logs in by email', () => logInByEmail(page, backend, email))
 */
export async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof Error) {
      error.message = `${name}: ${error.message}`
      throw error
    }
    throw new Error(`${name}: ${String(error)}`, { cause: error })
  }
}
