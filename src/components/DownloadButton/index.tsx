import { downloadFile } from '@/utils/download';
import { Button, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';

interface Props extends Omit<ButtonProps, 'href' | 'onClick' | 'loading'> {
  /** the file's address under the API prefix, as every call */
  url: string;
  /** what the file is, for a failure's message: PDF 报告 */
  what: string;
  /** the file's name when the server gives none */
  fileName: string;
  children: ReactNode;
}

/** A button that downloads a file of the API in place: it spins while the file comes, and a failure is said on the page. */
export default function DownloadButton({ url, what, fileName, children, ...button }: Props) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    try {
      await downloadFile(url, what, fileName);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button {...button} loading={downloading} onClick={download}>
      {children}
    </Button>
  );
}
