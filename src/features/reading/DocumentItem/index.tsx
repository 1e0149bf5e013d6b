import type { ItemEntry } from '@/components/ItemList';
import type { DocumentSummary } from '@/features/reading/api';
import { Tag } from 'antd';
import { Link } from 'umi';
import { paths } from '@/utils/paths';
import { formatCount } from '../../../../common/formatCount';

/** A paper's catalogue line: authors · year · type · discipline · length. */
export function documentMeta(doc: DocumentSummary) {
  return [doc.authors.join('、') || '佚名', doc.year, doc.type, doc.discipline, `${formatCount(doc.charCount)} 字`].join(' · ');
}

/** One paper in a list: title, catalogue line, the start of its abstract. */
export function documentEntry(doc: DocumentSummary): ItemEntry {
  return {
    key: doc.id,
    title: (
      <>
        <Link to={paths.document(doc.id)}>{doc.title}</Link>
        {doc.featured && (
          <Tag color="gold" style={{ marginLeft: 8 }}>
            推荐
          </Tag>
        )}
      </>
    ),
    description: documentMeta(doc),
    body: doc.excerpt,
  };
}
