import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config';

/**
 * What app.ts gives every module's plugin: the configuration and the services (services.ts). A
 * module names the services it uses (`S`), so that it imports no other module for them.
 */
export interface ModuleOptions<S> {
  config: Config;
  services: S;
}

/**
 * A server module as app.ts lists it: an encapsulated Fastify plugin holding the module's routes,
 * registered under the module's own prefix (its routes never repeat it).
 */
export interface ApiModule<S> {
  prefix: string;
  plugin: FastifyPluginAsyncTypebox<ModuleOptions<S>>;
}
