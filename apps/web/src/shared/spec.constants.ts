// SPEC §9: business constants and limits the client applies (all in milliseconds).

/** SPEC §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** SPEC §9: how long a notice (toast) stays on screen. */
export const NOTICE_DURATION_MS = 2_000;
/** SPEC §4, §9: delay before an HTTP 401 sends the user to /login/login. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 1_500;
/** SPEC §9: a script chunk or stylesheet slower than this counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** SPEC §2, §9: the native back button must be pressed twice within this window to quit. */
export const EXIT_DOUBLE_BACK_WINDOW_MS = 1_000;

/** SPEC §7: every call goes to the app's own origin under this prefix. */
export const API_BASE_URL = '/api/vue/';
/** SPEC §7: public images (logo, news) come from the /api/ prefix of the same origin. */
export const IMAGE_BASE_URL = '/api/images/';

/** SPEC §2: hash route every 401 leads to. */
export const LOGIN_PATH = '/login/login';
