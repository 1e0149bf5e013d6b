import { buildLoginUrl, carryRedirect, logoutDestination, resolveLoginRedirect } from '@/utils/redirect';

const page = (redirect?: string) => `http://localhost:8000/user/login${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`;

describe('after login (docs/spec.md §2, §5)', () => {
  test.each([
    ['a same-origin path', '/personal/home/basic-info', '/personal/home/basic-info'],
    ['a same-origin path with query and fragment', '/review/info?x=1#form', '/review/info?x=1#form'],
    ['a same-origin full URL', 'http://localhost:8000/pay/o1?from=mail', '/pay/o1?from=mail'],
    ['the hash form', 'http://localhost:8000/#/personal/review/list', '/personal/review/list'],
    ['the hash form as a path', '/#/typeset/preview/t9?step=2', '/typeset/preview/t9?step=2'],
    ['another origin', 'https://other.example/steal', '/'],
    ['another port of the same host', 'http://localhost:9000/personal', '/'],
    ['a protocol-relative address', '//other.example', '/'],
    ['a javascript: address', 'javascript:alert(1)', '/'],
    ['a backslash trick', '/\\other.example', '/'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>', '/'],
    ['an empty target', '', '/'],
    ['the hash form naming another origin', '/#//evil.example', '/'],
    ['the hash form with a backslash trick', '/#/\\evil.example', '/'],
    ['the hash form of a full foreign URL', '/#/https://evil.example/x', '/https://evil.example/x'],
    ['a hash form inside a hash form', '/#/#//evil.example', '/'],
    ['a dot segment before a protocol-relative path', '/.//evil.example/', '/'],
    ['dot segments before a protocol-relative path in the hash form', '/#/a/..//evil.example', '/'],
    // a target that is the login page itself would leave the user where they are
    ['a bare query (the login page again)', '?x=1', '/'],
    ['blanks (the login page again)', '   ', '/'],
    ['the login page', '/user/login?redirect=%2Fpay%2Fo1', '/'],
    ['the login page with a trailing slash', '/user/login/', '/'],
    ['the login page in capitals', '/USER/Login', '/'],
    ['the login page in the hash form', '/#/user/login', '/'],
    ['the login page as a full URL', 'http://localhost:8000/user/login#top', '/'],
    ['the login page spelt with an escape', '/user/%6Cogin', '/'],
    ['a page beneath the login path is not it', '/user/login-help', '/user/login-help'],
  ])('%s → %s', (_case, target, expected) => {
    expect(resolveLoginRedirect(page(target))).toBe(expected);
  });

  test('no target → /', () => {
    expect(resolveLoginRedirect(page())).toBe('/');
  });
});

describe('after logout (docs/spec.md §2)', () => {
  test('goes to the login page carrying the full current address', () => {
    const here = 'http://localhost:8000/personal/home/basic-info?tab=1#top';
    expect(logoutDestination(here)).toBe(`/user/login?redirect=${encodeURIComponent(here)}`);
  });

  test('stays when already on the login page', () => {
    expect(logoutDestination('http://localhost:8000/user/login')).toBeNull();
    // the router shows the login page here too
    expect(logoutDestination('http://localhost:8000/user/login/')).toBeNull();
    expect(logoutDestination('http://localhost:8000/User/Login')).toBeNull();
  });

  test('stays when a redirect parameter is already present', () => {
    expect(logoutDestination('http://localhost:8000/personal?redirect=%2Fpay%2Fo1')).toBeNull();
  });
});

test('the login URL carries the address encoded', () => {
  expect(buildLoginUrl('http://localhost:8000/a?b=1&c=2')).toBe('/user/login?redirect=http%3A%2F%2Flocalhost%3A8000%2Fa%3Fb%3D1%26c%3D2');
});

describe('register and reset password keep the way (carryRedirect)', () => {
  test('carries a same-origin target, after any query the path has', () => {
    const target = 'http://localhost:8000/review/info?systemId=graduate';
    expect(carryRedirect('/user/register', page(target))).toBe(`/user/register?redirect=${encodeURIComponent(target)}`);
    expect(carryRedirect('/user/login?email=a%40b.cn', page(target))).toBe(`/user/login?email=a%40b.cn&redirect=${encodeURIComponent(target)}`);
  });

  test.each([
    ['no target', undefined],
    ['another origin', 'https://other.example/x'],
    ['a hash form naming another origin', '/#//evil.example'],
  ])('%s: nothing is carried', (_case, target) => {
    expect(carryRedirect('/user/register', page(target))).toBe('/user/register');
  });
});
