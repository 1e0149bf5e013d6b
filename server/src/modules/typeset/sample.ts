/** The short paper every template's sample pages are typeset from (in the template's language). */
import type { Block, Manuscript } from '../../engines/typeset/manuscript';

// the English abstract and the survey's figures are one text in both versions
const ABSTRACT_EN =
  'Taking two county middle schools as examples, this thesis discusses how after-school services are organised, funded and attended, and proposes improvements centred on funding, teacher incentives and course design.';
const KEYWORDS_EN = ['after-school services', 'county schools', 'teacher incentives'];
const SCHOOLS = [
  { students: '1200', share: '86%' },
  { students: '950', share: '61%' },
];

/** The two schools' table in one language: its caption, its heading row, and the schools' names. */
const schoolsTable = (caption: string, heading: string[], names: string[]): Block => ({
  kind: 'table',
  caption,
  rows: [heading, ...SCHOOLS.map((school, i) => [names[i], school.students, school.share])],
});

const zh: Manuscript = {
  title: '县域中学课后服务的组织与成效',
  abstractZh: '本文以两所县域中学为例，讨论课后服务的组织方式、经费来源与学生参与情况，提出以经费保障、教师激励和课程设计为核心的改进建议。',
  keywordsZh: ['课后服务', '县域中学', '教师激励'],
  abstractEn: ABSTRACT_EN,
  keywordsEn: KEYWORDS_EN,
  body: [
    { kind: 'heading', level: 1, text: '绪论' },
    { kind: 'heading', level: 2, text: '研究背景' },
    {
      kind: 'paragraph',
      text: '课后服务是减轻家庭负担、促进学生全面发展的重要举措。县域中学的师资和经费条件与城市学校差别较大，课后服务的组织方式也各不相同。',
    },
    schoolsTable('两所学校的基本情况', ['学校', '学生数', '参与课后服务比例'], ['甲校', '乙校']),
    { kind: 'heading', level: 2, text: '研究方法' },
    { kind: 'paragraph', text: '本研究采用问卷调查与访谈相结合的方法，调查对象包括两校的教师、学生和家长。' },
    { kind: 'heading', level: 1, text: '结论' },
    { kind: 'paragraph', text: '经费保障决定了课后服务能否持续，教师激励决定了课程质量，学生的参与程度取决于课程是否与兴趣相符。' },
  ],
  references: ['王明. 课后服务的实践与反思[J]. 教育研究, 2021, 42(3): 10-18.', '李华. 县域教育发展研究[M]. 北京: 教育科学出版社, 2020.'],
  acknowledgements: [{ kind: 'paragraph', text: '感谢导师的悉心指导。' }],
  appendices: [],
  warnings: [],
};

const en: Manuscript = {
  title: 'After-School Services in County Middle Schools',
  abstractEn: ABSTRACT_EN,
  keywordsEn: KEYWORDS_EN,
  keywordsZh: [],
  body: [
    { kind: 'heading', level: 1, text: 'Introduction' },
    {
      kind: 'paragraph',
      text: 'After-school services relieve families and support the all-round development of students. County schools differ greatly from city schools in staff and funding.',
    },
    schoolsTable('The two schools', ['School', 'Students', 'Taking part'], ['A', 'B']),
    { kind: 'heading', level: 1, text: 'Conclusion' },
    { kind: 'paragraph', text: 'Funding decides whether the services last, incentives decide their quality, and interest decides whether students take part.' },
  ],
  references: [
    'Wang, M. (2021). After-school services in practice. Educational Research, 42(3), 10–18.',
    'Li, H. (2020). County education. Education Science Press.',
  ],
  acknowledgements: [],
  appendices: [],
  warnings: [],
};

export const sampleManuscript = (language: 'zh' | 'en') => (language === 'en' ? en : zh);
export const sampleFields = (language: 'zh' | 'en') =>
  language === 'en'
    ? { title: en.title!, author: 'Lin Xiao', school: 'Example University', major: 'Education', supervisor: 'Prof. Zhou', date: 'May 2026' }
    : { title: zh.title!, author: '林晓', studentNumber: '2022001', school: '示例大学', major: '教育学', supervisor: '周老师', date: '2026年5月' };
