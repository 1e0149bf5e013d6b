import LoadError from '@/components/LoadError';
import { getSamplePages, samplePageUrl } from '@/features/typeset/api';
import PagePictures from '@/features/typeset/PagePictures';
import { useResult } from '@/hooks/useResult';
import { Spin } from 'antd';

/**
 * A template's sample pages (样张) as the server's layout engine drew them, the engine that lays out
 * the student's thesis: what the template promises is what is shown.
 */
export default function SamplePages({ templateId }: { templateId: string }) {
  const { data: sample, error, reload } = useResult(() => getSamplePages(templateId), [templateId]);
  if (error && !sample) return <LoadError what="样张" onRetry={reload} />;
  if (!sample) {
    return (
      <Spin tip="正在生成样张…">
        <div style={{ height: 120 }} />
      </Spin>
    );
  }
  const widest = Math.max(...sample.widths);
  const pictureOf = (page: number) => ({
    src: samplePageUrl(templateId, sample, page, sample.widths.find((w) => w >= 800) ?? widest),
    srcSet: sample.widths.map((w) => `${samplePageUrl(templateId, sample, page, w)} ${w}w`).join(', '),
    full: samplePageUrl(templateId, sample, page, widest),
  });
  return <PagePictures count={sample.pages} pictureOf={pictureOf} label="样张" />;
}
