/**
 * The hardening as a user meets it in a browser, against the real server: a login locked after
 * repeated failures says how long to wait; a common password is refused beside its field; a page
 * on another site cannot log the user out behind her back.
 */
import { createServer, type Server } from 'http';
import type { Frame, Page } from 'playwright-core';
import { freePort } from './appServer';
import { signInTo, usePagePerTest, watchedContext } from './browser';
import { base } from './staff';

const currentPage = usePagePerTest();
let page: Page;
beforeEach(() => {
  page = currentPage();
});

test('eleven failed logins: the form says the account is locked and for how long', async () => {
  await page.goto(`${base()}/user/login`);
  for (let i = 0; i < 11; i += 1) {
    await page.getByLabel('邮箱').fill('locked-out@example.cn');
    await page.getByLabel('密码').fill(`Guess${i}xyz`);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByRole('alert').waitFor();
  }
  await page.getByText(/该账号登录失败次数过多，请 \d+ 分钟后再试/).waitFor();
});

test('registration with a common password: refused beside the password field', async () => {
  await page.goto(`${base()}/user/register`);
  await page.getByLabel('邮箱', { exact: true }).fill('common-pass@example.cn');
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await page.getByText(/秒后重新获取/).waitFor();
  const res = await fetch(`${base()}/api/v1/dev/outbox?to=common-pass%40example.cn`);
  const code = /验证码：(\d{6})/.exec(((await res.json()) as { result: Array<{ body: string }> }).result[0].body)![1];
  await page.getByLabel('邮箱验证码').fill(code);
  await page.getByLabel('密码', { exact: true }).fill('Password1');
  await page.getByLabel('确认密码').fill('Password1');
  await page.getByLabel('昵称').fill('新同学');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^注\s*册$/ }).click();
  await page.getByText('这个密码太常见，很容易被猜中，请换一个更难猜的密码').waitFor();
  expect(page.url()).toContain('/user/register');
});

test('a page on another port of the same host (same site: her cookie goes along) posting a logout form: she stays signed in', async () => {
  await signInTo(page, base(), '/personal/home/basic-info', { email: 'demo@zhinenglunwen.cn', password: 'Demo1234' });
  const port = await freePort();
  const attacker: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<form id="f" method="post" enctype="multipart/form-data" action="${base()}/api/v1/actionLogin/logout"><input name="x" value="1"></form><script>document.getElementById('f').submit()</script>`,
    );
  }).listen(port);
  try {
    await page.goto(`http://localhost:${port}/`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${base()}/personal/home/basic-info`);
    await page.getByRole('heading', { name: '基本信息' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/personal/home/basic-info');
  } finally {
    attacker.close();
  }
});

test('a page of another origin cannot frame the login or the payment page (clickjacking)', async () => {
  const port = await freePort();
  const attacker: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<iframe name="login" src="${base()}/user/login" width="600" height="400"></iframe><iframe name="pay" src="${base()}/pay/someorder" width="600" height="400"></iframe>`,
    );
  }).listen(port);
  try {
    await page.goto(`http://localhost:${port}/`);
    await page.waitForLoadState('load');
    // the two frames as they settle: a refused frame is replaced by the browser's own error page (a
    // frame object of its own, so it is not looked up by the name it was first given)
    let frames: Frame[] = [];
    for (let tries = 0; tries < 100; tries += 1) {
      frames = page.frames().filter((frame) => frame !== page.mainFrame());
      if (frames.length === 2 && frames.every((frame) => frame.url() && frame.url() !== 'about:blank')) break;
      await page.waitForTimeout(100);
    }
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      // the browser refused to show it: the frame holds its own error page, not ours
      expect(frame.url()).not.toContain(base());
      expect(await frame.locator('#root').count()).toBe(0);
    }
    // the same pages open normally as pages of their own
    await page.goto(`${base()}/user/login`);
    await page.getByLabel('邮箱').waitFor();
  } finally {
    attacker.close();
  }
});

test('an injected inline script does not run, and the watch that fails every browser test reports it', async () => {
  const watched = await watchedContext(page.context().browser()!);
  try {
    const victim = await watched.context.newPage();
    await victim.goto(`${base()}/user/login`);
    await victim.getByLabel('邮箱').waitFor();
    await victim.addScriptTag({ content: 'window.injected = true;' }).catch(() => undefined);
    expect(await victim.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    // the report comes back through the page's binding: give it a moment
    await victim.waitForFunction(() => true);
    for (let i = 0; i < 50 && !watched.violations.length; i += 1) await victim.waitForTimeout(20);
    expect(watched.violations[0]).toContain('script-src');
  } finally {
    await watched.context.close();
  }
});
