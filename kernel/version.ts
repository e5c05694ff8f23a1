/** The kit's version, sent as `sv` on every service call and carried by every error. */
export const KIT_VERSION = '0.1.0'
