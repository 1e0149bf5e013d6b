/**
 * An uploaded file goes straight to disk as it arrives, and the file workers read it from there.
 * Holding it in the server's memory instead (15 MB a file) made the event loop copy and collect
 * hundreds of megabytes when several uploads ended together, and every other request waited
 * (the resilience suite's eight uploads: 110–140 ms of getCurrent at p99).
 */
import type { MultipartFile } from '@fastify/multipart';
import { createWriteStream } from 'fs';
import { rm } from 'fs/promises';
import { pipeline } from 'stream/promises';
import type { UploadKind } from '../../../common/api';
import { AppError, ShowType } from './errors';

/** What a body the multipart parser cannot read (cut short, garbled) is told. */
const UNREADABLE_BODY = '上传的内容不完整或格式有误，请重新上传';

/** The parser's errors for such a body are plain Errors without a code (a file system's have one). */
const unreadableBody = (error: unknown) =>
  error instanceof Error && Object.getPrototypeOf(error) === Error.prototype && (error as { code?: unknown }).code === undefined;

/** Runs `read`, which reads a multipart body: a body the parser cannot read is the sender's fault (400), not the server's. */
export async function readMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (unreadableBody(error)) throw new AppError(400, 'BAD_REQUEST', UNREADABLE_BODY);
    throw error;
  }
}

/**
 * Writes the part to `path` (which the caller removes when done, kept or not). A file cut at the
 * size limit is refused (413, in the kind's words), never kept shorter.
 */
export async function receiveUpload(part: MultipartFile, path: string, kind: UploadKind): Promise<void> {
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', kind.tooLarge, ShowType.ERROR_MESSAGE, { file: kind.tooLargeField });
  try {
    await readMultipart(() => pipeline(part.file, createWriteStream(path, { mode: 0o600 })));
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
}

/** Removes a received file that was not kept (removing a kept one's old path does nothing). */
export const discardUpload = (path: string) => rm(path, { force: true });
