/** The demo account: seeded by the server on first run, served by the mock, documented in the README. */
export const DEMO_ACCOUNT = { email: 'demo@zhinenglunwen.cn', password: 'Demo1234', nickname: '演示同学' } as const;
