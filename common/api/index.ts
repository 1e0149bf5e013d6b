/**
 * The API contract shared by the server, the app and the mock: limits of uploads, failure codes and
 * show levels. The shapes of requests and answers are the API's TypeBox schemas
 * (`server/src/modules/<module>/schemas.ts`); the app imports them as types only.
 */
export * from './errors';
export * from './envelope';
export * from './limits';
