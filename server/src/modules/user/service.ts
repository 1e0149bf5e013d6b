/** The signed-in user's own record: basic information and avatar. */
import type { Role } from '../../../../common/roles';
import { AppError, notFound } from '../../lib/errors';
import { normalizeEmail } from '../auth';
import { nowIso } from '../../lib/time';
import { pageWindow } from '../shared/paging';
import { newId } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import type { UserRepo, UserRow } from './repo';
import { imageSize } from 'image-size';
import { AVATAR_MAX_SIDE, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from '../../../../common/api';

/** The image types an avatar may be, told by the file's first bytes, not its name. */
const IMAGE_SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The picture's size as its header says, or a refusal when the header cannot be read. */
function sizeOf(data: Buffer): { width: number; height: number } {
  try {
    const { width, height } = imageSize(data);
    return { width, height };
  } catch {
    throw new AppError(422, 'BAD_IMAGE', AVATAR_TYPE_MESSAGE);
  }
}

export interface BasicInfo {
  nickname: string;
  realName?: string | null;
  school?: string | null;
  major?: string | null;
  degree?: string | null;
  phone?: string | null;
}

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

export function createUserService(deps: { users: UserRepo; storage: Storage }) {
  const { users, storage } = deps;
  return {
    async updateBasicInfo(user: UserRow, info: BasicInfo) {
      await users.update(user.id, {
        nickname: info.nickname.trim(),
        real_name: blankToNull(info.realName),
        school: blankToNull(info.school),
        major: blankToNull(info.major),
        degree: blankToNull(info.degree),
        phone: blankToNull(info.phone),
      });
      return (await users.findById(user.id))!;
    },

    async setAvatar(user: UserRow, data: Buffer) {
      const type = IMAGE_SIGNATURES.find((signature) => signature.test(data));
      if (!type) throw new AppError(422, 'BAD_IMAGE', AVATAR_TYPE_MESSAGE);
      const { width, height } = sizeOf(data);
      if (Math.max(width, height) > AVATAR_MAX_SIDE) throw new AppError(422, 'BAD_IMAGE', AVATAR_SIZE_MESSAGE);
      const name = `${newId()}.${type.ext}`;
      await storage.put(`avatars/${name}`, data);
      if (user.avatar) await storage.remove(`avatars/${user.avatar}`);
      await users.update(user.id, { avatar: name });
      return (await users.findById(user.id))!;
    },

    /** The account of an e-mail, however it was typed (the back office's search, signing in). */
    findByEmail: (email: string) => users.findByEmail(normalizeEmail(email)),

    // what the auth service asks of accounts (it keeps codes, passwords and sessions; this module the users table)
    findById: (id: string) => users.findById(id),
    create: users.insert,
    setPasswordHash: (id: string, passwordHash: string) => users.update(id, { password_hash: passwordHash }),

    /** The back office's list of accounts, by part of an e-mail. */
    async search(query: { current: number; pageSize: number; email?: string }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await users.search(query.email?.trim() || undefined, offset, limit);
      return { list: rows, total, current: query.current, pageSize: query.pageSize };
    },

    /** The ids of the accounts whose e-mail contains `part` (the back office's order search), as `search` finds them. */
    idsWithEmailContaining: (part: string) => users.idsWithEmailContaining(part.trim()),

    /** Any account, by id (the back office); 404 for none. */
    async get(id: string) {
      const user = await users.findById(id);
      if (!user) throw notFound('账号不存在');
      return user;
    },

    /** Disables or enables an account; answers it as it is now. */
    async setDisabled(id: string, disabled: boolean) {
      await users.update(id, { disabled_at: disabled ? nowIso() : null });
      return (await users.findById(id))!;
    },

    /** The e-mail of each of these accounts, by id. */
    async emailsOf(ids: string[]) {
      const rows = await users.findByIds([...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /**
     * Makes an account a user, an operator or an admin (the command line's `grant`; never the web).
     * Answers the account before and after, for the audit log.
     */
    async grantRole(rawEmail: string, role: Role) {
      const email = normalizeEmail(rawEmail);
      const before = await users.findByEmail(email);
      if (!before) throw notFound(`没有邮箱为 ${email} 的账号`);
      await users.setRole(email, role);
      return { before, after: (await users.findByEmail(email))! };
    },

    avatarFile: (name: string) => (/^[\w-]+\.(png|jpg|webp)$/.test(name) ? storage.get(`avatars/${name}`) : undefined),
  };
}
export type UserService = ReturnType<typeof createUserService>;
