/** Starts the product: migrates and seeds the database, then serves the API and the built app. */
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoContent } from './db/seed';

const SHUTDOWN_LIMIT_MS = 9000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await seedDemoContent(app.db, app.storage);
  // reads close overdue orders too; the sweep keeps lists exact without a read
  const sweep = setInterval(() => app.orders.expireOverdue().catch((error) => app.log.error(error)), 60_000);
  // papers are deleted 30 days after upload (the agreement says so)
  const hourly = () => {
    app.deleteExpiredPapers().catch((error) => app.log.error(error));
    app.purgeThrottles().catch((error) => app.log.error(error));
  };
  const retention = setInterval(hourly, 3600_000);
  hourly();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(retention);
  });
  // checks and typesetting left running by a previous process resume here
  app.jobs.start();
  await app.listen({ port: config.port, host: config.host });
  console.log(`智能论文 is running on ${config.publicUrl}`);
  // A supervisor's stop (SIGTERM) or Ctrl-C: no new connections, idle keep-alive connections
  // closed, requests under way answered, a running job finished or handed back to the queue
  // (app.ts), then exit — within SHUTDOWN_LIMIT_MS whatever happens, since supervisors wait ~10 s.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    // requests still under way when most of the time is spent are cut: the process must end
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_LIMIT_MS - 2000).unref();
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting now');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(signal));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
