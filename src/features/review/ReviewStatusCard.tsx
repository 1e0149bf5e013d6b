import LinkButton from '@/components/LinkButton';
import { formatPercent, type Review } from '@/features/review/api';
import { Card, Descriptions, Progress, Result, Space, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { paths } from '@/utils/paths';
import { formatCount } from '../../../common/formatCount';
import styles from './ReviewStatusCard.less';

/** A paid check: where it stands, and the way to its report. */
export default function ReviewStatusCard({ review }: { review: Review }) {
  const details = (
    <Descriptions size="small" column={1} style={{ maxWidth: 480, margin: '0 auto', textAlign: 'left' }}>
      <Descriptions.Item label="论文题目">{review.title}</Descriptions.Item>
      <Descriptions.Item label="检测系统">{review.systemName}</Descriptions.Item>
      <Descriptions.Item label="字数">{formatCount(review.charCount)}</Descriptions.Item>
    </Descriptions>
  );
  if (review.status === 'done') {
    return (
      <StatusCard
        status="success"
        heading={`检测完成：总相似度 ${formatPercent(review.similarity ?? 0)}`}
        subTitle={`报告验证码 ${review.verificationCode}`}
        extra={
          <LinkButton to={paths.reviewReport(review.id)} type="primary">
            查看报告
          </LinkButton>
        }
        details={details}
      />
    );
  }
  if (review.status === 'failed') {
    return (
      <StatusCard
        status="error"
        heading="检测未能完成"
        subTitle={review.failureReason}
        extra={<LinkButton to={paths.reviewHome}>重新选择系统</LinkButton>}
        details={details}
      />
    );
  }
  return (
    <StatusCard
      status="info"
      heading={review.status === 'queued' ? '已付款，排队检测中' : '正在检测'}
      subTitle="本页随检测进度自动更新；也可以离开本页，检测完成后在「个人中心 → 查重记录」查看报告。"
      extra={
        <Space direction="vertical" style={{ width: '100%', maxWidth: 360 }}>
          <Progress percent={review.progress} status="active" aria-label="检测进度" />
          <LinkButton to={paths.reviewList} type="primary">
            查看查重记录
          </LinkButton>
        </Space>
      }
      details={details}
    />
  );
}

/** The card of one of the check's states: its heading, a line under it, what to do next, and the paper's details. */
function StatusCard(props: { status: ResultProps['status']; heading: ReactNode; subTitle: ReactNode; extra: ReactNode; details: ReactNode }) {
  const { status, heading, subTitle, extra, details } = props;
  return (
    <Card className={styles.status}>
      <Result status={status} title={<h1 style={{ fontSize: 22, margin: 0 }}>{heading}</h1>} subTitle={subTitle} extra={extra}>
        {details}
      </Result>
    </Card>
  );
}
