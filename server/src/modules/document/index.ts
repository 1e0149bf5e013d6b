/** The document library: /v1/document — the list, disciplines, one document and its file. */
import type { ApiModule } from '../shared/module';
import { documentRoutes } from './routes';
import type { DocumentService } from './service';

export { createDocumentImporter, importableFiles, type ImportOutcome } from './importer';
export { createDocumentRepo } from './repo';
export { DocumentListQuery, DocumentSummary } from './schemas';
export { createDocumentService, type DocumentService } from './service';

export const documentModule: ApiModule<{ documents: DocumentService }> = {
  prefix: '/v1/document',
  plugin: async (app, { services }) => {
    await app.register(documentRoutes, { service: services.documents });
  },
};
