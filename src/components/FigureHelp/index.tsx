/**
 * A figure's one-line explanation: an info button beside the figure whose tooltip opens on hover,
 * on keyboard focus and on a tap (a phone has no hover), named for screen readers.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import styles from './index.less';

export default function FigureHelp({ figure, children }: { figure: string; children: string }) {
  return (
    <Tooltip title={children} trigger={['hover', 'focus', 'click']}>
      <Button type="text" size="small" className={styles.help} icon={<InfoCircleOutlined />} aria-label={`${figure}的说明`} />
    </Tooltip>
  );
}
