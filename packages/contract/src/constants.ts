/** Business constants and limits (spec §9). */
export const PRODUCT_NAME = 'Vendor Portal';
export const TITLE_SUFFIX = ' - Vendor Portal';
export const SUPPORT_EMAIL = 'datalicensing@mls.example';

export const API_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 3_000;
export const TOAST_OFFSET = 16;
export const NOTIFICATION_DURATION_MS = 4_500;
export const SUCCESS_TOAST_MS = 2_000;
export const VENDOR_TOAST_MS = 5_000;
export const AGENT_SEARCH_DEBOUNCE_MS = 300;
export const FILE_NAME_MAX = 128;
export const DOWNLOAD_THROTTLE_MS = 2_000;
export const LIVE_RECONNECT_DELAY_MS = 5_000;
export const LIVE_MAX_RECONNECTS = 10;
export const LIVE_TOKEN_POLL_MS = 100;
export const LIVE_START_DELAY_MS = 2_000;
export const IDLE_TIMEOUT_MS = 60 * 60 * 1000;
export const SITE_VIEW_DELAY_MS = 1_000;
export const SITE_QUERY_DELAY_MS = 500;
export const MODAL_WIDTH = 1100;
export const NOTIFICATION_DRAWER_WIDTH = 570;
export const NOTIFICATION_ROW_HEIGHT = 40;
export const HISTORY_DRAWER_WIDTH = '30%';
export const COMMENT_ROWS = 4;
export const COMMENTS_TABLE_HEIGHT = 245;
export const MOBILE_BREAKPOINT = 720;
export const SIDEBAR_WIDTH = 210;
export const LICENSEE_DISPLAY_MAX = 20;

/** Server-side session limits. */
export const SESSION_IDLE_MS = 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The version of the terms of service in force. Users count as having accepted the terms only when
 * they accepted this version; raising it sends everyone to /tos again.
 */
export const TERMS_VERSION = '1';

/**
 * The header a browser tab names itself with on its calls (a random id per page load): the live
 * events of its writes carry it back as `tab`, so the tab tells its own changes from changes made
 * elsewhere, by another user or by the same user in another tab.
 */
export const TAB_HEADER = 'X-Tab-Id';
