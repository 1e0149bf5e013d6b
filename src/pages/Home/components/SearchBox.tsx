import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../common/content';

/** The site search: articles and sample papers, in Chinese or English. */
export default function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState(query);
  useEffect(() => setValue(query), [query]);
  return (
    <Input.Search
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      placeholder="搜索文章和范文，如：参考文献、查重原理、reinforcement learning"
      aria-label="搜索文章和范文"
      enterButton="搜索"
      size="large"
      allowClear
      maxLength={SEARCH_MAX_LENGTH}
    />
  );
}
