/** A check's report on screen: figures, chapters, ranked sources, and the text with every copied passage marked. */
import { formatPercent, reportPdfName, reportPdfPath, type Passage, type Report } from '@/features/review/api';
import DownloadButton from '@/components/DownloadButton';
import FigureHelp from '@/components/FigureHelp';
import { paths } from '@/utils/paths';
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Drawer, Empty, List, Progress, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'umi';
import styles from './index.less';
import { formatCount } from '../../../../common/formatCount';
import { bandOf } from '../../../../common/similarityBand';
import { formatTimeLabelled } from '@/utils/time';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

/** One colour per source, in the order of the ranked list. */
const PALETTE = ['#ff7875', '#ffa940', '#fadb14', '#73d13d', '#36cfc9', '#597ef7', '#9254de', '#f759ab'];

/** What each figure counts, one line each: all of them count characters without spaces or punctuation. */
export const FIGURE_HELP = {
  总相似度: '全文中标色的相似文字的字数 ÷ 全文字数（都不计空格和标点）。',
  去除引用和参考文献: '相似字数中不计引号内的引用和参考文献部分，仍除以同一全文字数，所以不会高于总相似度。',
  相似字数: '全文中标色的相似文字的字数 / 全文字数。',
  检测字数: '论文全文的字数，不计空格和标点；各项相似度都以它为分母。',
  分章节相似度: '本章内标色的相似文字的字数 ÷ 本章字数；标记不越过章节标题。',
  来源占比: '来自这一来源的标色文字的字数 ÷ 全文字数。',
  段落字数: '这一段标色文字的字数（不计空格和标点）。',
} as const;

/** What the colour marks, said once above the marked text. */
export const MARKED =
  '标色的是与来源相同的文字：连续相同达到本系统起报字数的段落，以及换词、调整语序、打乱句序后仍逐句对应同一来源的段落。与来源不同的词语只在替换个别词、或把同一句中的一个分句换了说法的地方随段落标色；自己写的句子、几个词以上的自写文字和零散的常用短语不标色。';

const Help = ({ figure }: { figure: keyof typeof FIGURE_HELP }) => <FigureHelp figure={figure}>{FIGURE_HELP[figure]}</FigureHelp>;

/** The checked text cut at the passages' edges: plain runs and matched runs. */
function segments(text: string, passages: Passage[]) {
  const parts: Array<{ text: string; passage?: number }> = [];
  let at = 0;
  passages.forEach((p, i) => {
    if (p.start > at) parts.push({ text: text.slice(at, p.start) });
    parts.push({ text: text.slice(Math.max(at, p.start), p.end), passage: i });
    at = Math.max(at, p.end);
  });
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The report's head: what was checked, the download, and the overall figures. */
function Summary({ report }: { report: Report }) {
  return (
    <Card>
      <div className={styles.head}>
        <h1 className={styles.title}>查重报告：{report.review.title}</h1>
        <DownloadButton
          className={styles.download}
          icon={<DownloadOutlined aria-hidden />}
          url={reportPdfPath(report.review.id)}
          what="PDF 报告"
          fileName={reportPdfName(report.review.title)}
        >
          下载 PDF 报告
        </DownloadButton>
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="检测系统">{report.review.systemName}</Descriptions.Item>
        <Descriptions.Item label="作者">{report.review.author}</Descriptions.Item>
        <Descriptions.Item label="检测时间">{formatTimeLabelled(report.review.finishedAt)}</Descriptions.Item>
        <Descriptions.Item label="检测字数">
          {/* one item of the row's flex box: the button beside the count would otherwise push it below its label */}
          <span>
            {formatCount(report.totalChars)}
            <Help figure="检测字数" />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label="验证码">
          <Typography.Text copyable>{report.review.verificationCode}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <div className={styles.figures}>
        <FigureDial label="总相似度" value={report.similarity} />
        <FigureDial label="去除引用和参考文献" value={report.excludingQuotes.similarity} />
        <Statistic
          title={
            <>
              相似字数
              <Help figure="相似字数" />
            </>
          }
          value={report.matchedChars}
          suffix={`/ ${formatCount(report.totalChars)}`}
        />
      </div>
    </Card>
  );
}

/** A card's heading with the help on how its figure is reached. */
function ExplainedHeading({ text, figure }: { text: string; figure: keyof typeof FIGURE_HELP }) {
  return (
    <h2 className={styles.heading}>
      {text}
      <Help figure={figure} />
    </h2>
  );
}

/** The similarity of each chapter, coloured by band. */
function Chapters({ report }: { report: Report }) {
  return (
    <Card title={<ExplainedHeading text="分章节相似度" figure="分章节相似度" />}>
      {report.chapters.map((c) => (
        <div key={`${c.start}`} className={styles.chapter}>
          <div className={styles.chapterTitle}>{c.title}</div>
          <Progress
            percent={Math.round(c.similarity * 1000) / 10}
            status="normal"
            strokeColor={bandOf(c.similarity).color}
            format={() => formatPercent(c.similarity)}
            aria-label={`${c.title} 相似度`}
          />
        </div>
      ))}
    </Card>
  );
}

/** The sources, ranked, each in the colour its passages are marked in. */
function Sources({ report }: { report: Report }) {
  return (
    <Card title={<ExplainedHeading text="相似来源" figure="来源占比" />}>
      <List
        dataSource={report.sources}
        locale={{ emptyText: '没有发现相似来源' }}
        renderItem={(s, i) => (
          <List.Item key={s.sourceId} extra={<strong>{formatPercent(s.share)}</strong>}>
            <List.Item.Meta
              className={styles.sourceMeta}
              avatar={<span className={styles.swatch} style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden />}
              title={<Link to={paths.document(s.sourceId)}>{s.title}</Link>}
              description={`${s.detail} · ${formatCount(s.matchedChars)} 字相似`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

interface TextProps {
  report: Report;
  passages: Passage[];
  selected?: number;
  /** a passage chosen: tapped (`sheet`: its source brought up on a phone), or gone to by 上一处 / 下一处 (not over the text) */
  onChoose: (passage: number, how: { sheet: boolean }) => void;
  colourOf: Map<string, string>;
  sourceTitle: (sourceId: string) => string;
}

/** Where the reader is among the marked passages, and the way to the one before and after. */
function PassageSteps({ count, at, onVisit }: { count: number; at?: number; onVisit: (passage: number) => void }) {
  return (
    <Space wrap className={styles.steps}>
      <Typography.Text>{at === undefined ? `共 ${count} 处相似段落` : `第 ${at + 1} / ${count} 处相似段落`}</Typography.Text>
      <Button disabled={at === undefined || at === 0} onClick={() => onVisit(at! - 1)}>
        上一处
      </Button>
      <Button disabled={at === count - 1} onClick={() => onVisit(at === undefined ? 0 : at + 1)}>
        下一处
      </Button>
    </Space>
  );
}

/**
 * The checked text with every passage marked in its source's colour; choosing one shows its source.
 * A long text scrolls in its box, where a passage may lie far down: 上一处 / 下一处 bring each into sight.
 */
function MarkedText({ report, passages, selected, onChoose, colourOf, sourceTitle }: TextProps) {
  const box = useRef<HTMLDivElement>(null);
  const tap = (passage: number) => onChoose(passage, { sheet: true });
  const visit = (passage: number) => {
    onChoose(passage, { sheet: false });
    const mark = box.current?.querySelector<HTMLElement>(`[data-passage="${passage}"]`);
    mark?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    mark?.focus({ preventScroll: true });
  };
  return (
    <Card title={<h2 className={styles.heading}>全文对照</h2>}>
      {report.text === null ? (
        <Alert type="info" showIcon message="论文原文已删除" description="相似度和来源仍然保留；逐段对照需要原文，已无法显示。" />
      ) : passages.length === 0 ? (
        <Empty description="全文没有发现相似段落" />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{MARKED}</Typography.Paragraph>
          <PassageSteps count={passages.length} at={selected} onVisit={visit} />
          <div className={styles.text} ref={box}>
            {segments(report.text, passages).map(({ text, passage }, i) =>
              passage === undefined ? (
                <span key={i}>{text}</span>
              ) : (
                <mark
                  key={i}
                  data-passage={passage}
                  role="button"
                  tabIndex={0}
                  aria-pressed={selected === passage}
                  aria-label={`相似段落，来源：${sourceTitle(passages[passage].sourceId)}`}
                  className={`${styles.passage} ${selected === passage ? styles.active : ''}`}
                  style={{ background: `${colourOf.get(passages[passage].sourceId)}55`, borderColor: colourOf.get(passages[passage].sourceId) }}
                  onClick={() => tap(passage)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && tap(passage)}
                >
                  {text}
                </mark>
              ),
            )}
          </div>
        </>
      )}
    </Card>
  );
}

/**
 * What the source panel says before a passage is chosen: how to choose one, or why there is none
 * to choose. The text is to the panel's left on a wide screen and above it on a phone.
 */
function noPassageHint(report: Report, passages: Passage[], phone: boolean) {
  if (report.text === null) return '论文原文已删除，无法再点选段落查看来源原文。相似度和上方“相似来源”（各来源的占比和相似字数，点标题可查看该文献）仍然保留。';
  if (passages.length === 0) return '全文没有相似段落，没有来源原文可显示。';
  if (phone) return '点击上方标色的段落，即可查看它在来源文献中的原文。';
  return '点击左侧标色的段落，这里显示它在来源文献中的原文。';
}

/** What the source says where the chosen passage came from: its name, its words, how many characters match. */
function SourceExcerpt({ chosen, colourOf, sourceTitle }: { chosen: Passage; colourOf: Map<string, string>; sourceTitle: (sourceId: string) => string }) {
  return (
    <>
      <Tag color={colourOf.get(chosen.sourceId)} className={styles.sourceTag}>
        {sourceTitle(chosen.sourceId)}
      </Tag>
      <p className={styles.sourceText}>{chosen.sourceText}</p>
      <Typography.Text type="secondary">{formatCount(chosen.chars)} 字相似</Typography.Text>
      <Help figure="段落字数" />
    </>
  );
}

/** The source text of the chosen passage, beside the text on a wide screen (below it on a phone). */
function SourcePassage({
  chosen,
  hint,
  colourOf,
  sourceTitle,
}: {
  chosen?: Passage;
  hint: string;
  colourOf: Map<string, string>;
  sourceTitle: (sourceId: string) => string;
}) {
  return (
    <Card title={<h2 className={styles.heading}>来源原文</h2>} className={styles.sticky}>
      {chosen ? (
        // a new passage's excerpt is read from its start, not from where the last one was scrolled to
        <div aria-live="polite" key={`${chosen.start}`}>
          <SourceExcerpt chosen={chosen} colourOf={colourOf} sourceTitle={sourceTitle} />
        </div>
      ) : (
        <Typography.Text type="secondary">{hint}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * On a phone the panel sits below the whole text: a tapped passage's source comes up over the text
 * at once, and closing it leaves the student where they were, the passage still outlined.
 */
function SourceSheet({
  open,
  chosen,
  onClose,
  colourOf,
  sourceTitle,
}: {
  open: boolean;
  chosen?: Passage;
  onClose: () => void;
  colourOf: Map<string, string>;
  sourceTitle: (sourceId: string) => string;
}) {
  return (
    <Drawer
      open={open && Boolean(chosen)}
      onClose={onClose}
      placement="bottom"
      height="auto"
      title="来源原文"
      closeIcon={<CloseOutlined aria-label="关闭" />}
      // the text stays in sight above it; a long excerpt scrolls inside
      styles={{ wrapper: { maxHeight: '75vh' } }}
      footer={
        <Button block onClick={onClose}>
          返回全文
        </Button>
      }
    >
      {chosen && <SourceExcerpt chosen={chosen} colourOf={colourOf} sourceTitle={sourceTitle} />}
    </Drawer>
  );
}

export default function ReportView({ report }: { report: Report }) {
  const [selected, setSelected] = useState<number>();
  // the sheet is open while a passage tapped on a phone is being read; the passage stays chosen after
  const [sheetOpen, setSheetOpen] = useState(false);
  const phone = useNarrowerThan('lg');
  const choose = (passage: number, { sheet }: { sheet: boolean }) => {
    setSelected(passage);
    setSheetOpen(sheet);
  };
  const colourOf = useMemo(() => new Map(report.sources.map((s, i) => [s.sourceId, PALETTE[i % PALETTE.length]])), [report]);
  const passages = [...report.passages].sort((a, b) => a.start - b.start);
  const chosen = selected === undefined ? undefined : passages[selected];
  const sourceTitle = (id: string) => report.sources.find((s) => s.sourceId === id)?.title ?? '';

  return (
    <div className={styles.report}>
      <Summary report={report} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Chapters report={report} />
        </Col>
        <Col xs={24} lg={12}>
          <Sources report={report} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={15}>
          <MarkedText report={report} passages={passages} selected={selected} onChoose={choose} colourOf={colourOf} sourceTitle={sourceTitle} />
        </Col>
        <Col xs={24} lg={9}>
          <SourcePassage chosen={chosen} hint={noPassageHint(report, passages, phone)} colourOf={colourOf} sourceTitle={sourceTitle} />
        </Col>
      </Row>
      {phone && <SourceSheet open={sheetOpen} chosen={chosen} onClose={() => setSheetOpen(false)} colourOf={colourOf} sourceTitle={sourceTitle} />}
    </div>
  );
}

function FigureDial({ label, value }: { label: '总相似度' | '去除引用和参考文献'; value: number }) {
  const band = bandOf(value);
  return (
    <div className={styles.dial}>
      <Progress
        type="dashboard"
        percent={Math.round(value * 1000) / 10}
        strokeColor={band.color}
        format={() => formatPercent(value)}
        size={110}
        aria-label={label}
      />
      <div>
        {label}
        <Help figure={label} /> <Tag color={band.color}>{band.text}</Tag>
      </div>
    </div>
  );
}
