/** The SDK type sent as `st` on every service call. */
export const SDK_TYPE = 'latch'
