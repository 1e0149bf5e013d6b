import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';
import type { Services } from '../../services';

/** What app.ts gives every module's plugin: the configuration and the services (services.ts). */
export interface ModuleOptions {
  config: Config;
  services: Services;
}

/**
 * A server module as app.ts lists it: an encapsulated Fastify plugin holding the module's routes,
 * registered under the module's own prefix (its routes never repeat it).
 */
export interface ApiModule {
  prefix: string;
  plugin: FastifyPluginAsyncTypebox<ModuleOptions>;
}
