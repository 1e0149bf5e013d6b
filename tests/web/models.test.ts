import { loginStateFrom } from '@/models/login';
import { currentUserFrom } from '@/models/user';

describe('user model (docs/spec.md §4)', () => {
  const user = { id: 'u1', email: 'a@b.cn', nickname: '小林' };
  test.each([
    ['a user', { result: user }, user],
    ['null', { result: null }, undefined],
    ['an empty object', { result: {} }, undefined],
    ['no result field', {}, undefined],
    ['no response', undefined, undefined],
  ])('fetch with %s stores %p', (_case, response, expected) => {
    expect(currentUserFrom(response as never)).toEqual(expected);
  });
});

describe('login model (docs/spec.md §4)', () => {
  test.each([
    [
      { success: true, message: '登录成功' },
      { status: 'ok', message: '登录成功' },
    ],
    [
      { success: false, message: '邮箱或密码错误' },
      { status: 'error', message: '邮箱或密码错误' },
    ],
    [
      { success: 'true', message: 'x' },
      { status: 'error', message: 'x' },
    ],
    [{ message: '无' }, { status: 'error', message: '无' }],
  ])('%p → %p', (response, expected) => {
    expect(loginStateFrom(response as never)).toEqual(expected);
  });
});
