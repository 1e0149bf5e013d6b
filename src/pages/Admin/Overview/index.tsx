import LoadError from '@/components/LoadError';
import DayChart from '@/features/admin/DayChart';
import { getOverview, type AdminOverview } from '@/features/admin/api';
import { useResult } from '@/hooks/useResult';
import { formatFen } from '@/utils/money';
import { Card, Col, Empty, Row, Segmented, Skeleton, Statistic } from 'antd';
import { useState } from 'react';
import { Link } from 'umi';

type Figure = keyof AdminOverview['totals'];

/** The figures of a day, in the order the cards and the chart's switch show them. */
const FIGURES: Array<{ key: Figure; title: string; format?: (value: number) => string }> = [
  { key: 'ordersCreated', title: '新建订单' },
  { key: 'ordersPaid', title: '已付订单' },
  // what the day's payments brought in, less what has been refunded of those orders since
  { key: 'revenueFen', title: '收入（扣除退款）', format: formatFen },
  { key: 'reviewsDone', title: '完成查重' },
  { key: 'typesetsDone', title: '完成排版' },
];
const RANGES = [7, 30, 90];

/** 概览: the business over the last days (China time), per day in a chart, and the queue now. */
export default function AdminOverviewPage() {
  const [days, setDays] = useState(30);
  const [figure, setFigure] = useState<Figure>('ordersPaid');
  const { data, error, reload } = useResult(() => getOverview(days), [days]);
  const shown = FIGURES.find((f) => f.key === figure)!;
  const quiet = data && FIGURES.every((f) => data.totals[f.key] === 0);
  return (
    <>
      <Segmented<number> value={days} onChange={setDays} options={RANGES.map((n) => ({ label: `最近 ${n} 天`, value: n }))} style={{ marginBottom: 16 }} />
      {error && !data && <LoadError what="概览" onRetry={reload} />}
      {!data && !error && <Skeleton active paragraph={{ rows: 6 }} />}
      {data && (
        <>
          <Row gutter={[12, 12]}>
            {FIGURES.map((f) => (
              <Col key={f.key} xs={12} sm={8} lg={6} xl={4}>
                <Card size="small">
                  <Statistic title={f.title} value={f.format ? f.format(data.totals[f.key]) : data.totals[f.key]} />
                </Card>
              </Col>
            ))}
            <Col xs={12} sm={8} lg={6} xl={4}>
              <Card size="small">
                <Statistic title="等待中的任务" value={data.jobs.waiting} />
              </Card>
            </Col>
            <Col xs={12} sm={8} lg={6} xl={4}>
              <Card size="small">
                <Statistic title="失败的任务" value={data.jobs.failed} valueStyle={data.jobs.failed ? { color: '#cf1322' } : undefined} />
                {data.jobs.failed > 0 && <Link to="/admin/jobs">查看并重试</Link>}
              </Card>
            </Col>
          </Row>
          <Card size="small" style={{ marginTop: 16 }} title="每日趋势">
            <Segmented<Figure>
              value={figure}
              onChange={setFigure}
              options={FIGURES.map((f) => ({ label: f.title, value: f.key }))}
              style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
            />
            {quiet ? (
              <Empty description={`最近 ${days} 天还没有订单、查重或排版`} />
            ) : (
              <DayChart label={`每日${shown.title}`} format={shown.format} data={data.days.map((d) => ({ day: d.day, value: d[figure] }))} />
            )}
          </Card>
          {error && <LoadError what="概览" onRetry={reload} />}
        </>
      )}
    </>
  );
}
