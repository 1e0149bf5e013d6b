import {
  API_PREFIX,
  CHUNK_LOAD_TIMEOUT_MS,
  ICON_PREFIX,
  MESSAGE_CONFIG,
  NOTIFICATION_CONFIG,
  PAGINATION_LOCALE,
  PUBLIC_PATH,
  SITE_TITLE,
  STYLE_PREFIX,
} from '@/constants';
import { AppProviders, applyFeedbackDefaults } from '@/utils/providers';
import { render, screen } from '@testing-library/react';
import { message, notification, Pagination } from 'antd';
import umiConfig from '../../.umirc';

// .umirc.ts is build-time config: its defineConfig helper is the identity
jest.mock('umi', () => ({ defineConfig: (config: unknown) => config }));

test('the constants of docs/spec.md §9', () => {
  expect(API_PREFIX).toBe('/api');
  expect(PUBLIC_PATH).toBe('/dist/');
  expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  expect(NOTIFICATION_CONFIG).toEqual({ duration: 4.5, top: 24, bottom: 24, placement: 'topRight' });
  expect(MESSAGE_CONFIG).toEqual({ duration: 3, transitionName: 'move-up' });
  expect(STYLE_PREFIX).toBe('ant');
  expect(ICON_PREFIX).toBe('anticon');
  expect(SITE_TITLE).toBe('论文网一站式服务平台【智能论文】');
  expect(Object.values(PAGINATION_LOCALE)).toEqual([
    '/ page',
    'Go to',
    'Page',
    'Previous Page',
    'Next Page',
    'Previous 5 Pages',
    'Next 5 Pages',
    'Previous 3 Pages',
    'Next 3 Pages',
    'Page Size',
  ]);
});

test('the Umi config uses them: title, /dist/ public path, 120 s chunk timeout', () => {
  expect(umiConfig.title).toBe(SITE_TITLE);
  expect(umiConfig.publicPath).toBe('/dist/');
  const calls: number[] = [];
  (umiConfig as any).chainWebpack({ output: { chunkLoadTimeout: (ms: number) => calls.push(ms) } });
  expect(calls).toEqual([120_000]);
});

test('notification and message defaults are applied', () => {
  const notify = jest.spyOn(notification, 'config');
  const toast = jest.spyOn(message, 'config');
  applyFeedbackDefaults();
  expect(notify).toHaveBeenCalledWith(NOTIFICATION_CONFIG);
  expect(toast).toHaveBeenCalledWith(MESSAGE_CONFIG);
});

test('pagination speaks English inside the Chinese app, with ant / anticon class prefixes', () => {
  const { container } = render(
    <AppProviders>
      <Pagination total={500} showSizeChanger showQuickJumper />
    </AppProviders>,
  );
  expect(screen.getByTitle('Previous Page')).toBeInTheDocument();
  expect(screen.getByTitle('Next Page')).toBeInTheDocument();
  expect(screen.getByTitle('Next 5 Pages')).toBeInTheDocument();
  expect(screen.getByText(/Go to/)).toBeInTheDocument();
  expect(screen.getAllByLabelText('Page Size').length).toBeGreaterThan(0);
  expect(screen.getAllByText('10 / page').length).toBeGreaterThan(0);
  expect(container.querySelector('.ant-pagination')).not.toBeNull();
  expect(container.querySelector('.anticon')).not.toBeNull();
});
