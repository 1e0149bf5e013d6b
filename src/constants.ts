/**
 * Every constant of docs/spec.md §9, named, in one place. Runtime code and tests read them from here.
 */

/** All API calls are sent under this prefix (docs/spec.md §7). */
export const API_PREFIX = '/api';

/** Page scripts (webpack chunks) load from here and give up after this long (docs/spec.md §8, §9). */
export const PUBLIC_PATH = '/dist/';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The browser title (docs/ux.md, docs/spec.md §1). */
export const SITE_TITLE = '论文网一站式服务平台【智能论文】';
export const BRAND = '智能论文';

/** antd notification defaults (docs/spec.md §9). */
export const NOTIFICATION_CONFIG = {
  duration: 4.5,
  top: 24,
  bottom: 24,
  placement: 'topRight',
} as const;

/** antd toast message defaults (docs/spec.md §9). */
export const MESSAGE_CONFIG = {
  duration: 3,
  transitionName: 'move-up',
} as const;

/** Pagination labels stay in English, exactly as the spec lists them (docs/spec.md §9). */
export const PAGINATION_LOCALE = {
  items_per_page: '/ page',
  jump_to: 'Go to',
  page: 'Page',
  prev_page: 'Previous Page',
  next_page: 'Next Page',
  prev_5: 'Previous 5 Pages',
  next_5: 'Next 5 Pages',
  prev_3: 'Previous 3 Pages',
  next_3: 'Next 3 Pages',
  page_size: 'Page Size',
} as const;

/** Component library class prefixes (docs/spec.md §9). */
export const STYLE_PREFIX = 'ant';
export const ICON_PREFIX = 'anticon';

/**
 * The site's typefaces: antd's own Latin faces first (Arial is Liberation Sans on Linux, of the same
 * widths, so tables keep their measure), then the Chinese sans faces of macOS, Windows and Linux,
 * before the generic family: a Latin face has no Chinese, so Chinese text takes the first of those.
 * Without them a Linux desktop with a Kai face installed (AR PL UKai) draws every Chinese word in
 * calligraphy. Not system-ui: on Linux that is a wider Latin face, and the back office's tables
 * outgrew the screen. Set once, for antd (its theme) and the page's own text (global.less, through
 * .umirc.ts).
 */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  'Roboto',
  "'Helvetica Neue'",
  'Arial',
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'WenQuanYi Micro Hei'",
  'sans-serif',
  "'Apple Color Emoji'",
  "'Segoe UI Emoji'",
  "'Noto Color Emoji'",
].join(', ');

/** Where the login page lives; the redirect rules of docs/spec.md §2 are built around it. */
export const LOGIN_PATH = '/user/login';
export const FORBIDDEN_PATH = '/403';
export const NOT_FOUND_PATH = '/404';
