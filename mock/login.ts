import { ACCOUNT_DISABLED_MESSAGE, ShowType } from '../common/api';
import { endSession, failure, ok, startSession, withFault } from './_lib/kit';
import { publicUser, users } from './_lib/users';

export default {
  /** Logs in with { email, password }; a refusal never says whether the account exists. */
  'POST /api/v1/actionLogin': withFault((req, res) => {
    const { email, password } = req.body ?? {};
    const missing: Record<string, string> | undefined = !email ? { email: '请输入邮箱' } : !password ? { password: '请输入密码' } : undefined;
    if (missing) {
      res.status(422).json(failure(Object.values(missing)[0], 'VALIDATION', ShowType.ERROR_MESSAGE, { errors: missing }));
      return;
    }
    const user = users.find(
      (candidate) =>
        candidate.email ===
        String(email ?? '')
          .trim()
          .toLowerCase(),
    );
    if (!user || user.password !== password) {
      res.status(200).json(failure('邮箱或密码错误', 'LOGIN_FAILED', ShowType.SILENT));
      return;
    }
    // told only after the right password, as the server tells it
    if (user.disabledAt) {
      res.status(200).json(failure(ACCOUNT_DISABLED_MESSAGE, 'ACCOUNT_DISABLED', ShowType.SILENT));
      return;
    }
    startSession(res, user.id);
    res.status(200).json({ ...ok(publicUser(user)), message: '登录成功' });
  }),

  'POST /api/v1/actionLogin/logout': withFault((req, res) => {
    endSession(req, res);
    res.status(200).json(ok(null));
  }),
};
