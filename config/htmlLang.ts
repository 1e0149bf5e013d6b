/**
 * The page says it is Chinese (<html lang="zh-CN">): screen readers read it as Chinese, and the
 * browser picks a Chinese face for Chinese text where a style names none of its own.
 */
import type { IApi } from 'umi';

export default (api: IApi) => {
  api.modifyHTML(($) => {
    $('html').attr('lang', 'zh-CN');
    return $;
  });
};
