import LinkButton from '@/components/LinkButton';
import { Card, List } from 'antd';
import { Link } from 'umi';

export interface RelatedItem {
  id: string;
  title: string;
  to: string;
  description?: string;
}

interface Props {
  title: string;
  items: RelatedItem[];
  emptyText: string;
  /** where to read on when there is nothing related: the library's list of the same kind */
  more: { to: string; label: string };
}

/** The side card of a reading page: more to read, or what to do when there is none. */
export default function RelatedCard({ title, items, emptyText, more }: Props) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{title}</h2>} size="small">
      <List
        size="small"
        dataSource={items}
        locale={{
          emptyText: (
            <>
              <p style={{ margin: '0 0 8px' }}>{emptyText}</p>
              <LinkButton to={more.to} size="small">
                {more.label}
              </LinkButton>
            </>
          ),
        }}
        renderItem={(item) => (
          <List.Item key={item.id}>
            <List.Item.Meta title={<Link to={item.to}>{item.title}</Link>} description={item.description} />
          </List.Item>
        )}
      />
    </Card>
  );
}
