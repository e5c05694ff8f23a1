import { createToken } from '../kernel/index.js'
import type { SnackbarStore } from './stores/SnackbarStore.js'

/** The snackbar: plugins show loading, success and error messages through it. */
export const SnackbarStoreToken = createToken<SnackbarStore>('SnackbarStore')
