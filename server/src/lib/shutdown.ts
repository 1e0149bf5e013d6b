import type { FastifyInstance } from 'fastify';

/** Supervisors wait about 10 s after SIGTERM before they kill: everything ends before that. */
const SHUTDOWN_LIMIT_MS = 9000;

/**
 * A supervisor's stop (SIGTERM) or Ctrl-C: app.close() stops accepting, refuses uploads still
 * waiting, answers what is under way and hands a running job back to the queue (app.ts); requests
 * still open late are cut, and the process ends within SHUTDOWN_LIMIT_MS whatever happens.
 */
export function exitOnSignals(app: FastifyInstance) {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
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
