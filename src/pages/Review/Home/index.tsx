import LinkButton from '@/components/LinkButton';
import LoadError from '@/components/LoadError';
import VerifyReport from '@/features/review/VerifyReport';
import { useResult } from '@/hooks/useResult';
import { listSystems, OFF_SALE_NOTICE, type ReviewSystem } from '@/features/review/api';
import { formatFen } from '@/utils/money';
import { CheckCircleFilled } from '@ant-design/icons';
import { Alert, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'umi';
import styles from './index.less';
import { paths } from '@/utils/paths';
import { formatCount } from '../../../../common/formatCount';

const COUNTS = ['', '一', '两', '三', '四', '五', '六', '七', '八', '九', '十'];

/**
 * The introduction as the systems on sale say it (the back office edits them): how many there are
 * and from how many identical characters each marks, so it never contradicts the cards.
 */
function systemsIntro(systems: ReviewSystem[]) {
  const after = '按字数计费；提交前会显示准确字数和价格，付款后开始检测，进度随时可查。';
  const mins = [...new Set(systems.map((s) => s.minMatch))].sort((a, b) => a - b);
  if (systems.length === 1) return `${systems[0].name}以连续 ${mins[0]} 字相同为起点标出，${after}`;
  const count = `${COUNTS[systems.length] ?? systems.length}个系统面向的论文、篇幅上限和报告内容不同，`;
  const marks = mins.length === 1 ? `都以连续 ${mins[0]} 字相同为起点标出，` : `标出的起点也不同（连续 ${mins.join(' / ')} 字相同，见各系统），`;
  return `${count}${marks}${after}`;
}

/** Every system taken off sale in the back office: said, with where else to go. */
function NoneOnSale() {
  return (
    <Empty description="查重系统暂时都已停售，请稍后再来">
      <LinkButton to={paths.templateList} type="primary">
        看看论文排版
      </LinkButton>
    </Empty>
  );
}

/** One system's card: its price, what it compares and how strictly; a tap chooses it, its button goes on to the form. */
function SystemCard({ system, chosen, onChoose }: { system: ReviewSystem; chosen: boolean; onChoose: () => void }) {
  return (
    <Card
      className={`${styles.system} ${chosen ? styles.chosen : ''}`}
      title={<h2 className={styles.systemName}>{system.name}</h2>}
      extra={
        chosen ? (
          <Tag color="blue" icon={<CheckCircleFilled aria-hidden />}>
            已选择
          </Tag>
        ) : null
      }
      onClick={onChoose}
      hoverable
    >
      <div className={styles.price}>
        {formatFen(system.pricePerThousandFen)}
        <span> / 千字</span>
      </div>
      <Typography.Paragraph type="secondary">{system.description}</Typography.Paragraph>
      <dl className={styles.facts}>
        <dt>检测精度</dt>
        <dd>
          连续 {system.minMatch} 字（英文 {system.minMatch} 词）相同即标出
        </dd>
        <dt>比对范围</dt>
        <dd>{system.corpora.join('、')}</dd>
        <dt>字数上限</dt>
        <dd>{formatCount(system.maxChars)} 字</dd>
        <dt>出报告</dt>
        <dd>{system.turnaround}</dd>
      </dl>
      <LinkButton to={paths.reviewInfoFor(system.id)} onClick={(e) => e.stopPropagation()} type={chosen ? 'primary' : 'default'} block>
        选择{system.name}
      </LinkButton>
    </Card>
  );
}

/**
 * /review/home and /review/home/{systemId}: the check systems side by side (price, strictness,
 * corpora, limit, turnaround); choosing one leads to the information form. Visitors may browse.
 */
export default function ReviewHomePage() {
  const { systemId } = useParams<{ systemId?: string }>();
  const navigate = useNavigate();
  const { data: systems, error, reload } = useResult(() => listSystems(), []);

  return (
    <div className={styles.page}>
      <Typography.Title level={1} className={styles.title}>
        选择查重系统
      </Typography.Title>
      {systems && systems.length > 0 && <Typography.Paragraph type="secondary">{systemsIntro(systems)}</Typography.Paragraph>}
      {error && !systems ? (
        <LoadError what="查重系统" onRetry={reload} />
      ) : !systems ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : systems.length === 0 ? (
        <NoneOnSale />
      ) : (
        <>
          {/* a link to a system taken off sale (or never sold) shows the ones on sale, saying why none is chosen */}
          {systemId && !systems.some((s) => s.id === systemId) && <Alert type="warning" showIcon message={OFF_SALE_NOTICE} style={{ marginBottom: 16 }} />}
          <Row gutter={[16, 16]}>
            {systems.map((system) => (
              <Col xs={24} md={8} key={system.id}>
                <SystemCard system={system} chosen={system.id === systemId} onChoose={() => navigate(paths.reviewSystem(system.id), { replace: true })} />
              </Col>
            ))}
          </Row>
        </>
      )}
      <Card className={styles.verify} title={<h2 className={styles.systemName}>验证查重报告</h2>}>
        <VerifyReport />
      </Card>
    </div>
  );
}
