/**
 * What screen readers hear of the icons antd draws inside its own controls. Each icon announces its
 * English name (role="img", aria-label "left", "close-circle", "eye-invisible"), and antd has no
 * setting to change that for the whole site: the controls a student meets take these instead. An
 * icon beside a text label is hidden (aria-hidden); an icon that is the whole control names it.
 */
import { PAGINATION_LOCALE, STYLE_PREFIX } from '@/constants';
import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { PaginationProps } from 'antd';
import type { ReactNode } from 'react';

/** An input's clear button (allowClear), named 清除 rather than close-circle. */
export const CLEARABLE = { clearIcon: <CloseCircleFilled aria-label="清除" /> };

/**
 * Input.Password's eye, hidden rather than read out as eye-invisible. Not named 显示密码 either: antd
 * never lets it take focus, and a name holding 密码 would make the field's own label (密码) name two
 * things on the page.
 */
export const passwordEye = (visible: boolean) => (visible ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />);

const ARROWS: Partial<Record<Parameters<NonNullable<PaginationProps['itemRender']>>[1], [string, ReactNode]>> = {
  prev: [PAGINATION_LOCALE.prev_page, <LeftOutlined key="icon" aria-hidden />],
  next: [PAGINATION_LOCALE.next_page, <RightOutlined key="icon" aria-hidden />],
};

/**
 * A pager's arrows named by the pager's own labels (docs/spec.md §9 fixes them in English, as its
 * tooltips say), rather than left and right; the other items as antd draws them.
 */
export const pagerItemRender: PaginationProps['itemRender'] = (_page, type, original) => {
  const arrow = ARROWS[type];
  if (!arrow) return original;
  return (
    <button type="button" tabIndex={-1} className={`${STYLE_PREFIX}-pagination-item-link`} aria-label={arrow[0]}>
      {arrow[1]}
    </button>
  );
};
