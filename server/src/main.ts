/** Starts the product: migrates and seeds the database, then serves the API and the built app. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoContent } from './seed';
import { exitOnSignals } from './lib/shutdown';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await seedDemoContent(app.db, app.storage);
  // reads close overdue orders too; the sweep keeps lists exact without a read
  const sweep = setInterval(() => app.orders.expireOverdue().catch((error) => app.log.error(error)), 60_000);
  // papers are deleted 30 days after upload (the agreement says so); uploads cut off by a killed
  // process are cleared once no one has written to them for an hour
  const hourly = () => {
    app.deleteExpiredPapers().catch((error) => app.log.error(error));
    app.purgeThrottles().catch((error) => app.log.error(error));
    app.storage.sweepIncoming(3600_000).catch((error) => app.log.error(error));
  };
  const retention = setInterval(hourly, 3600_000);
  hourly();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(retention);
  });
  // reviews and typesetting left running by a previous process resume here; with RUN_JOBS=0 this
  // process only serves HTTP and `npm run worker` processes do the jobs
  if (config.runJobs) {
    // the library's index is loaded (or built) now, not by the first review
    app.shards.sync().catch((error) => app.log.error(error));
    app.jobs.start();
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`智能论文 is running on ${config.publicUrl}`);
  exitOnSignals(app);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
