import { createToken } from '../kernel/token.js'
import type { SnackbarStore } from './stores/SnackbarStore.js'

/** The snackbar: plugins show loading, success and error messages through it. */
export const SnackbarStoreToken = createToken<SnackbarStore>('SnackbarStore')
