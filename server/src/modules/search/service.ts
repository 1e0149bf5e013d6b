/** One search over articles and documents: a count for each, and one page of the chosen kind. */
import { searchTerms } from '../../../../common/content';
import type { ArticleService } from '../article';
import type { DocumentService } from '../document';
import { pageWindow } from '../shared/paging';
import { plainText, snippetOf } from './snippet';

type Kind = 'article' | 'document';

/** Searches through the two modules that own the tables, never their repos. */
export function createSearchService(articles: Pick<ArticleService, 'countMatches' | 'search'>, documents: Pick<DocumentService, 'countMatches' | 'search'>) {
  return {
    async search(query: { q: string; kind?: Kind; current: number; pageSize: number }) {
      const terms = searchTerms(query.q);
      const { offset, limit } = pageWindow(query);
      const [articleCount, documentCount] = await Promise.all([articles.countMatches(terms), documents.countMatches(terms)]);
      const counts = { article: articleCount, document: documentCount };
      // without a choice, show the kind that has results (articles when both do); only its page is read
      const kind: Kind = query.kind ?? (counts.article === 0 && counts.document > 0 ? 'document' : 'article');
      const list =
        kind === 'article'
          ? (await articles.search(terms, offset, limit)).map((r) => ({
              kind,
              id: r.id,
              title: r.title,
              snippet: snippetOf(`${r.summary} ${plainText(r.body)}`, terms),
              subtitle: `${r.category} · ${r.published_at.slice(0, 10)}`,
            }))
          : (await documents.search(terms, offset, limit)).map((r) => ({
              kind,
              id: r.id,
              title: r.title,
              snippet: snippetOf(`${r.abstract} ${r.full_text}`, terms),
              subtitle: `${r.type} · ${r.discipline} · ${r.year}`,
            }));
      return { terms, kind, counts, list, total: counts[kind], current: query.current, pageSize: query.pageSize };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
