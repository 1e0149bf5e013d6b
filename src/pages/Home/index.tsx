import { FileSearchOutlined, FileWordOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { Link } from 'umi';
import styles from './index.less';

const services = [
  {
    key: 'review',
    icon: <FileSearchOutlined />,
    title: '论文查重',
    text: '上传论文，与范文库和公开文献逐句比对，给出总体相似度、逐章结果和每一处相似来源。',
    to: '/review/home',
    action: '开始查重',
  },
  {
    key: 'typeset',
    icon: <FileWordOutlined />,
    title: '论文排版',
    text: '选择学校或期刊模板，上传初稿，自动生成符合格式要求的 Word 文档，先预览再付款。',
    to: '/typeset/template-list',
    action: '选择模板',
  },
];

/** Home (`/` and `/home`): what the site offers and where to start. */
export default function HomePage() {
  const { currentUser } = useCurrentUser();
  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <Typography.Title level={1} className={styles.title}>
          论文网一站式服务平台
        </Typography.Title>
        <Typography.Paragraph className={styles.lead}>
          {currentUser ? `${currentUser.nickname}，欢迎回来。` : ''}
          查重、排版、范文阅读，一个地方办好；价格付款前就清楚，进度随时能看。
        </Typography.Paragraph>
      </section>
      <Row gutter={[16, 16]}>
        {services.map((service) => (
          <Col xs={24} md={12} key={service.key}>
            <Card className={styles.card}>
              <div className={styles.icon} aria-hidden>
                {service.icon}
              </div>
              <Typography.Title level={2} className={styles.cardTitle}>
                {service.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{service.text}</Typography.Paragraph>
              <Link to={service.to}>
                <Button type="primary">{service.action}</Button>
              </Link>
            </Card>
          </Col>
        ))}
        <Col xs={24}>
          <Card className={styles.card}>
            <div className={styles.icon} aria-hidden>
              <ReadOutlined />
            </div>
            <Typography.Title level={2} className={styles.cardTitle}>
              写作指导与范文
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              写作方法、查重知识和排版规范的文章，以及各学科的本科、硕士、博士范文，免费阅读。
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
