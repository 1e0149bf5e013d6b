/** Typesetting: /v1/typeset — templates, the manuscript, the preview and the finished files. */
import type { ApiModule } from '../shared/module';
import { typesetRoutes } from './routes';
import type { TypesetService } from './service';

export { createTypesetRepo } from './repo';
export { SamplePageQuery, TemplateQuery, Typeset, TypesetListQuery } from './schemas';
export { checkSampleWidth, createTypesetService, SAMPLE_WIDTHS, templateRows, type TypesetService } from './service';

export const typesetModule: ApiModule<{ typesets: TypesetService }> = {
  prefix: '/v1/typeset',
  plugin: async (app, { services }) => {
    await app.register(typesetRoutes, { service: services.typesets });
  },
};
