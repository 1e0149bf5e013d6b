import { FONT_FAMILY, ICON_PREFIX, MESSAGE_CONFIG, NOTIFICATION_CONFIG, PAGINATION_LOCALE, STYLE_PREFIX } from '@/constants';
import { ConfigProvider, Grid, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import React from 'react';

dayjs.locale('zh-cn');

/** Chinese everywhere, except the pagination labels, which docs/spec.md §9 fixes in English. */
export const appLocale = {
  ...zhCN,
  Pagination: { ...zhCN.Pagination, ...PAGINATION_LOCALE },
};

/** docs/spec.md §9's notification and message defaults, for the static antd APIs. */
export function applyFeedbackDefaults() {
  notification.config({ ...NOTIFICATION_CONFIG });
  message.config({ ...MESSAGE_CONFIG });
}

/** The theme of every page: antd's default, with the site's typefaces. */
export const APP_THEME = { token: { fontFamily: FONT_FAMILY } };

/**
 * On a phone (under antd's `sm`, 576 px) buttons, fields and pagers are 40 px tall, a finger's
 * size; the few smaller controls antd draws are enlarged in global.less.
 */
export const PHONE_THEME = { token: { ...APP_THEME.token, controlHeight: 40 } };

/**
 * The providers around every page: locale, class prefixes and theme. No antd App wrapper: nothing reads
 * its context, and it would put Modal into the first script of every page.
 */
export function AppProviders({ children }: { children: React.ReactNode }) {
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <ConfigProvider locale={appLocale} prefixCls={STYLE_PREFIX} iconPrefixCls={ICON_PREFIX} theme={phone ? PHONE_THEME : APP_THEME}>
      {children}
    </ConfigProvider>
  );
}
