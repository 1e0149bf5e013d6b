/**
 * `npm run import -- <folder>`: every .md/.txt/.docx/.pdf under the folder into the document
 * library, with a progress bar and a summary of what was imported, skipped and rejected (and why).
 * `npm run import -- --remove <id>…` takes documents out of the library (every check compares
 * against the library as it is: the servers' and workers' indexes drop them before their next check).
 * It uses the same settings as the server (DATABASE_URL, DATA_DIR).
 */
import { SingleBar, Presets } from 'cli-progress';
import { existsSync, statSync } from 'fs';
import { resolve } from 'path';
import { loadConfig } from '../config';
import { createDb, migrateToLatest } from '../db';
import { localStorage } from '../lib/storage';
import { createDocumentImporter, importableFiles, createDocumentRepo, createDocumentService, type ImportOutcome } from '../modules/document';

/** Runs `work` on the library of the server's settings (DATABASE_URL, DATA_DIR), migrated first; the database is closed after. */
async function withLibrary(work: (repo: ReturnType<typeof createDocumentRepo>, files: ReturnType<typeof localStorage>) => Promise<number>) {
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    return await work(createDocumentRepo(db), localStorage(`${config.dataDir}/files`));
  } finally {
    await db.destroy();
  }
}

async function remove(ids: string[]) {
  if (!ids.length) {
    console.error('用法：npm run import -- --remove <范文 id> …');
    return 2;
  }
  return withLibrary(async (repo, files) => {
    const documents = createDocumentService(repo, files);
    let failed = 0;
    for (const id of ids) {
      try {
        const { title } = await documents.remove(id);
        console.log(`  移除  ${id}  《${title}》`);
      } catch (error) {
        failed += 1;
        console.log(`  失败  ${id}  ${(error as Error).message}`);
      }
    }
    return failed ? 1 : 0;
  });
}

async function main(folderArgument: string | undefined) {
  if (!folderArgument) {
    console.error('用法：npm run import -- <文件夹>');
    return 2;
  }
  // npm runs scripts from the project folder; a relative folder means the caller's
  const folder = resolve(process.env.INIT_CWD ?? process.cwd(), folderArgument);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    console.error(`找不到文件夹：${folder}`);
    return 2;
  }
  return withLibrary(async (repo, storage) => {
    const importer = createDocumentImporter(repo, storage);
    const files = importableFiles(folder);
    const bar = new SingleBar({ format: '导入 [{bar}] {percentage}% | {value}/{total} | {file}', hideCursor: true }, Presets.shades_classic);
    bar.start(files.length, 0, { file: '' });
    const outcomes: ImportOutcome[] = [];
    for (const file of files) {
      bar.update({ file });
      outcomes.push(await importer.importFile(file, folder));
      bar.increment();
    }
    bar.stop();
    printSummary(outcomes);
    return outcomes.some((o) => o.status === 'rejected') ? 1 : 0;
  });
}

function printSummary(outcomes: ImportOutcome[]) {
  const of = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status);
  const imported = of('imported');
  const skipped = of('skipped');
  const rejected = of('rejected');
  console.log(`\n共 ${outcomes.length} 个文件：导入 ${imported.length}，跳过 ${skipped.length}，拒绝 ${rejected.length}`);
  for (const o of imported) console.log(`  导入  ${o.file}  《${o.title}》`);
  for (const o of skipped) console.log(`  跳过  ${o.file}  ${o.reason}`);
  for (const o of rejected) console.log(`  拒绝  ${o.file}  ${o.reason}`);
}

const args = process.argv.slice(2);
(args[0] === '--remove' ? remove(args.slice(1)) : main(args[0])).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
