/**
 * Accounts end to end against the real server (`npm start` on a fresh database): register with the
 * code from the outbox, log in, edit basic information, change the password, log out, log in,
 * reset the password by mailed code, log in again; and a visitor sent to login and back.
 */
import type { Page } from 'playwright-core';
import { usePagePerTest, logOutThroughMenu, watchedContext } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

/** The newest code mailed to an address, from the local outbox. */
async function mailedCode(email: string): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const res = await fetch(`${base()}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { result: Array<{ body: string }> };
    const match = /验证码：(\d{6})/.exec(body.result[0]?.body ?? '');
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${email}`);
}

const button = (name: RegExp) => page.getByRole('button', { name });

async function logIn(email: string, password: string) {
  await page.getByLabel('邮箱').fill(email);
  await page.getByLabel('密码').fill(password);
  await button(/^登\s*录$/).click();
}

test('register → log in → basic information → change password → log out → log in → reset → log in', async () => {
  const email = `student${Date.now()}@example.edu.cn`;

  await page.goto(`${base()}/user/register`);
  await page.getByLabel('邮箱', { exact: true }).fill(email);
  await button(/获取验证码/).click();
  await page.getByText(/秒后重新获取/).waitFor();
  await page.getByLabel('邮箱验证码').fill(await mailedCode(email));
  await page.getByLabel('密码', { exact: true }).fill('Thesis2026');
  await page.getByLabel('确认密码').fill('Thesis2026');
  await page.getByLabel('昵称').fill('毕业生小林');
  await page.getByRole('checkbox').check();
  await button(/^注\s*册$/).click();
  await page.waitForURL(/\/user\/login\?email=/);
  await page.getByRole('heading', { name: '登录' }).waitFor();

  await expect(page.getByLabel('邮箱').inputValue()).resolves.toBe(email);
  await page.getByLabel('密码').fill('Thesis2026');
  await button(/^登\s*录$/).click();
  await page.waitForURL(`${base()}/`);
  await page.getByRole('button', { name: '用户菜单：毕业生小林' }).waitFor();

  await page.goto(`${base()}/personal/home/basic-info`);
  await page.getByLabel('学校').fill('华东示范大学');
  await page.getByLabel('专业').fill('汉语言文学');
  await button(/^保\s*存$/).click();
  await page.getByText('基本信息已保存').waitFor();
  await page.reload();
  await expect(page.getByLabel('学校').inputValue()).resolves.toBe('华东示范大学');
  await expect(page.getByLabel('专业').inputValue()).resolves.toBe('汉语言文学');

  await page.goto(`${base()}/personal/security/modify-password`);
  await page.getByLabel('原密码').fill('Thesis2026');
  await page.getByLabel('新密码', { exact: true }).fill('Defense2027');
  await page.getByLabel('确认新密码').fill('Defense2027');
  await button(/^修改密码$/).click();
  await page.getByText(/密码已修改/).waitFor();

  await logOutThroughMenu(page, '毕业生小林');
  await page.waitForURL(/\/user\/login\?redirect=/);
  await logIn(email, 'Thesis2026');
  await page.getByRole('alert').getByText('邮箱或密码错误').waitFor();
  await page.getByLabel('密码').fill('Defense2027');
  await button(/^登\s*录$/).click();
  await page.waitForURL((url) => url.pathname === '/personal/security/modify-password');

  const second = await watchedContext(page.context().browser()!);
  const fresh = await second.context.newPage();
  await fresh.goto(`${base()}/user/reset-password`);
  await fresh.getByLabel('注册邮箱').fill(email);
  await fresh.getByRole('button', { name: /获取验证码/ }).click();
  await fresh.getByText(/秒后重新获取/).waitFor();
  await fresh.getByLabel('邮箱验证码').fill(await mailedCode(email));
  await fresh.getByLabel('新密码', { exact: true }).fill('Reset2028ok');
  await fresh.getByLabel('确认新密码').fill('Reset2028ok');
  await fresh.getByRole('button', { name: /^重置密码$/ }).click();
  await fresh.waitForURL((url) => url.pathname === '/user/login');
  await fresh.getByRole('heading', { name: '登录' }).waitFor();
  await fresh.getByLabel('邮箱').fill(email);
  await fresh.getByLabel('密码').fill('Reset2028ok');
  await fresh.getByRole('button', { name: /^登\s*录$/ }).click();
  await fresh.waitForURL(`${base()}/`);
  await fresh.getByRole('button', { name: '用户菜单：毕业生小林' }).waitFor();
  await fresh.context().close();
  expect(second.violations).toEqual([]);

  // the reset ended every other session, this one's too
  await page.reload();
  await page.waitForURL(/\/user\/login\?redirect=/);
});

test('a visitor opening the personal centre logs in and lands back there', async () => {
  await page.goto(`${base()}/personal/home/basic-info`);
  await page.waitForURL(/\/user\/login\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${base()}/personal/home/basic-info`);
  await logIn('demo@zhinenglunwen.cn', 'Demo1234');
  await page.waitForURL(`${base()}/personal/home/basic-info`);
  await expect(page.getByLabel('昵称').inputValue()).resolves.toBe('演示同学');
});

test('deep links are served by the real server, and unknown paths show the 404 page', async () => {
  await page.goto(`${base()}/review/home/3`);
  await page.getByRole('heading', { name: '选择查重系统' }).waitFor();
  await page.goto(`${base()}/this/does/not/exist`);
  await page.getByRole('heading', { name: '404' }).waitFor();
});
