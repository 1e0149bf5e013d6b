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
  return <PagePictures count={sample.pages} urlOf={(page) => samplePageUrl(templateId, sample, page, 800)} label="样张" />;
}
