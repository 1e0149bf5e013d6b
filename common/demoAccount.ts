/** The demo account: seeded by the server on first run, served by the mock, documented in the README. */
export const DEMO_ACCOUNT = { email: 'demo@zhinenglunwen.cn', password: 'Demo1234', nickname: '演示同学' } as const;

/** The demo account's profile (基本信息), the same in the seeded database and in the mock. */
export const DEMO_PROFILE = { realName: '林晓', school: '示例大学', major: '计算机科学与技术', degree: '本科' } as const;
