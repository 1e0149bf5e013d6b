/**
 * The data folder (the database, every paper uploaded, the secrets) is the server's user's alone:
 * its folders are made 0700 and its files 0600. A folder found more open (made by an older
 * version, or by hand) is closed when the server starts: others can then reach nothing inside it,
 * whatever the modes of the files there, so they need not be walked one by one.
 */
import { chmodSync, existsSync, mkdirSync } from 'fs';

export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Makes the folder (and those above it that are missing) for its owner only, or closes it if it is there. */
export function ownerOnlyFolder(path: string) {
  mkdirSync(path, { recursive: true, mode: OWNER_ONLY_FOLDER });
  chmodSync(path, OWNER_ONLY_FOLDER);
}

/** Closes the file to all but its owner, if it is there. */
export function ownerOnlyFile(path: string) {
  if (existsSync(path)) chmodSync(path, OWNER_ONLY_FILE);
}
