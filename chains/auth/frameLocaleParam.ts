// Shared by the kit (which names its locale on the frame's URL), the frame and the server
// (which serves each locale's messages): plain constants, no code.

/** The query parameter the kit names its locale with, on the frame's and the approval window's URLs. */
export const LOCALE_PARAM = 'locale'
/** Where the server serves a locale's compiled messages: `/frame-locales/ar.json`. */
export const FRAME_LOCALES_PATH = '/frame-locales/'
