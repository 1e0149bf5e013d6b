import ListPager from '@/components/ListPager';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { documentEntry } from '@/features/reading/DocumentItem';
import ItemList from '@/components/ItemList';
import { listDisciplines, listDocuments } from '@/features/reading/api';
import { Card, Segmented } from 'antd';
import { choiceFrom, pageFrom, pageTo, useAddressParams } from '@/hooks/useAddressParams';
import { DOCUMENT_TYPES } from '../../../common/content';
import styles from './home.less';

const PAGE_SIZE = 8;
const ALL = '全部';

/**
 * The sample papers: recommended ones first, filtered by degree type and discipline, paged on the
 * server. The filters and the page are kept in the address (`?type=`, `?discipline=`, `?library=`).
 */
export default function DocumentLibrary() {
  const [params, change] = useAddressParams();
  const type = choiceFrom(DOCUMENT_TYPES, params.get('type')) ?? ALL;
  const discipline = params.get('discipline') || undefined;
  const current = pageFrom(params.get('library'));
  const disciplines = useResult(() => listDisciplines(), []);
  const { data, loading, error, reload } = useResult(
    () => listDocuments({ type: type === ALL ? undefined : type, discipline, current, pageSize: PAGE_SIZE }),
    [type, discipline, current],
  );
  return (
    <Card title={<h2 className={styles.cardHeading}>范文库</h2>} className={styles.card}>
      <div className={styles.filters}>
        <Segmented
          aria-label="学位类型"
          value={type}
          options={[ALL, ...DOCUMENT_TYPES]}
          onChange={(value) => change({ type: value === ALL ? undefined : value, library: undefined })}
        />
        {/* a native select: the home page is a first page, and antd's Select is heavy for one filter */}
        <select
          aria-label="学科"
          value={discipline ?? ''}
          className={styles.disciplineSelect}
          aria-busy={disciplines.loading}
          onChange={(event) => change({ discipline: event.target.value, library: undefined })}
        >
          <option value="">全部学科</option>
          {(disciplines.data ?? []).map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </div>
      {error && !data ? (
        <LoadError what="范文" onRetry={reload} />
      ) : (
        <ItemList loading={loading} items={(data?.list ?? []).map(documentEntry)} emptyText="没有符合条件的范文，换个类型或学科试试" />
      )}
      {data && <ListPager current={current} pageSize={PAGE_SIZE} total={data.total} onChange={(page) => change({ library: pageTo(page) })} />}
    </Card>
  );
}
