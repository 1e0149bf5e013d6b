import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../common/content';
import styles from './home.less';

/**
 * The site search: articles and sample papers, in Chinese or English. A native search field: antd's
 * Input brings its form machinery along, and this box is on the first page every visitor opens.
 */
export default function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  const submit = () => onSearch(value.trim());
  return (
    <form
      role="search"
      className={styles.searchBox}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
        placeholder="搜索文章和范文，如：参考文献、查重原理、reinforcement learning"
        aria-label="搜索文章和范文"
        maxLength={SEARCH_MAX_LENGTH}
        enterKeyHint="search"
      />
      <Button type="primary" size="large" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
        搜索
      </Button>
    </form>
  );
}
