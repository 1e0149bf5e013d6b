/**
 * `npm run worker`: a process that runs reviews (plagiarism checks) and typesetting from the jobs
 * table and serves no HTTP. Any number of them (on PostgreSQL, on any machine) share the queue: a job is claimed by a
 * conditional update, so none runs twice at once, and a job whose worker died is taken up again
 * when its lock runs out.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { exitOnSignals } from './lib/shutdown';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.ready();
  app.shards.sync().catch((error) => app.log.error(error));
  app.jobs.start();
  app.log.info(`worker started on ${config.databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  exitOnSignals(app);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
