/** A template's specification as the rules a student reads on its detail page. */
import { CHINESE_SIZES, hasTitleBlock, type Template, type TextStyle } from '../../engines/typeset/template';

const ALIGN = { left: '左对齐', center: '居中', right: '右对齐', justify: '两端对齐' };
const sizeName = (size: TextStyle['size']) => (typeof size === 'string' ? `${size}（${CHINESE_SIZES[size]} pt）` : `${size} pt`);
const spacing = (style: TextStyle) =>
  typeof style.lineSpacing === 'string' ? `固定行距 ${style.lineSpacing.replace('pt', ' 磅')}` : style.lineSpacing ? `${style.lineSpacing} 倍行距` : '单倍行距';

function describe(style: TextStyle) {
  return [
    `${style.zhFont} / ${style.latinFont}`,
    sizeName(style.size),
    style.bold ? '加粗' : '',
    style.align ? ALIGN[style.align as keyof typeof ALIGN] : '',
    spacing(style),
    style.firstLineChars ? `首行缩进 ${style.firstLineChars} 字` : '',
  ]
    .filter(Boolean)
    .join('，');
}

const example = (format: string) => format.replace('{1}', '1').replace('{2}', '1').replace('{3}', '1');

const FIELD_NAMES: Record<string, string> = {
  title: '题目',
  author: '作者',
  studentNumber: '学号',
  school: '学校',
  major: '专业',
  supervisor: '导师',
  date: '日期',
};
const coverLines = (template: Template) => template.cover.lines.map((l) => l.replace(/\{(\w+)\}/g, (_, k: string) => FIELD_NAMES[k] ?? k)).join(' / ');

/** How the pages are numbered: after a thesis's cover page, or a journal article's from its first page. */
const pageNumberRule = (template: Template) =>
  hasTitleBlock(template)
    ? '从首页起用阿拉伯数字'
    : `封面无页码；摘要和目录用${template.pageNumbers.front === 'upperRoman' ? '大写' : '小写'}罗马数字；正文从第一章起用阿拉伯数字`;

/** A thesis's cover page, or what a journal article's first page holds. */
function coverRule(template: Template) {
  if (!hasTitleBlock(template)) return { item: '封面', rule: coverLines(template) };
  const { abstract } = template;
  const abstracts = `“${abstract.zhTitle.trim()}”“${abstract.zhKeywordsLabel.trim()}”，英文“${abstract.enTitle.trim()}”“${abstract.enKeywordsLabel.trim()}”`;
  return { item: '首页', rule: `不设封面：首页顶部依次为${coverLines(template)}，其下为${abstracts}，正文紧接其后` };
}

export function rulesOf(template: Template): Array<{ item: string; rule: string }> {
  const m = template.page.marginsCm;
  const zhNumbers = (i: 0 | 1 | 2) =>
    template.headings[i].zh ? example(template.headings[i].format).replace('1', '一') : example(template.headings[i].format);
  return [
    { item: '纸张与页边距', rule: `${template.page.size}；上 ${m.top} cm，下 ${m.bottom} cm，左 ${m.left} cm，右 ${m.right} cm` },
    { item: '正文', rule: describe(template.styles.body) },
    { item: '一级标题', rule: `${describe(template.styles.heading1)}；编号如“${zhNumbers(0)}”${template.chapterNewPage === false ? '' : '，每章另起一页'}` },
    { item: '二级标题', rule: `${describe(template.styles.heading2)}；编号如“${zhNumbers(1)}”` },
    { item: '三级标题', rule: `${describe(template.styles.heading3)}；编号如“${zhNumbers(2)}”` },
    {
      item: '摘要',
      rule: `${template.abstract.runIn ? '以' : '标题'}“${template.abstract.zhTitle}”/“${template.abstract.enTitle}”${template.abstract.runIn ? '起首' : ''}；${describe(template.styles.abstractBody)}`,
    },
    {
      item: '关键词',
      rule: `“${template.abstract.zhKeywordsLabel}”后以“${template.abstract.keywordSeparatorZh}”分隔；英文“${template.abstract.enKeywordsLabel.trim()}”`,
    },
    { item: '目录', rule: template.toc ? `“${template.toc.title}”，含 ${template.toc.levels} 级标题，自动生成` : '不设目录' },
    {
      item: '图表题注',
      rule: `图题在图下、表题在表上，${template.captions.numbering === 'paper' ? '全文连续编号，' : ''}如“${template.captions.figure.replace('{chapter}', '2').replace('{n}', '1')}”“${template.captions.table.replace('{chapter}', '3').replace('{n}', '2')}”；${describe(template.styles.caption)}`,
    },
    {
      item: '页眉',
      rule: template.header
        ? `“${template.header.replace('{school}', '学校名称').replace('{title}', '论文题目')}”，${hasTitleBlock(template) ? '首页' : '封面'}无页眉`
        : '无页眉',
    },
    { item: '页码', rule: pageNumberRule(template) },
    {
      item: '参考文献',
      rule:
        template.references.style === 'gbt7714'
          ? `“${template.references.title}”，按 GB/T 7714-2015 顺序编码，[1] [2] …；${describe(template.styles.reference)}`
          : `“${template.references.title}”，APA 第 7 版，按作者姓氏字母排序，悬挂缩进`,
    },
    coverRule(template),
  ].map((r) => ({ ...r, rule: r.rule.replace(/\s+/g, ' ') }));
}
