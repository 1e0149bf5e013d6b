/** Markdown reduced to what a reader sees (common/markdown.ts): article summaries and library papers are made of it. */
import { stripMarkdown } from '../../common/markdown';

test('a table becomes its cells’ text, a row a line, without its rules and pipes', () => {
  expect(stripMarkdown('前文\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n后文')).toBe('前文\n\na b\n1 2\n\n后文');
});

test('a link becomes its text, even when its address holds “)” or is refused (javascript:)', () => {
  expect(stripMarkdown('看 [link](javascript:alert(1)) 和 [资料](https://example.com/a_(b)) 。')).toBe('看 link 和 资料 。');
});

test('underscores inside words stay; emphasis, code and headings become their text', () => {
  expect(stripMarkdown('## 方法\n\nsnake__case__name 与 __粗体__ 和 **强调** 和 `code_x`')).toBe('方法\n\nsnake__case__name 与 粗体 和 强调 和 code_x');
});

test('code blocks keep their code, list items a line each; images, rules and HTML tags go', () => {
  const source = '- 一\n- 二\n\n```js\nconst x = 1;\n```\n\n![图](x.png)\n\n---\n\n前 <b>粗</b> 后\n\n<div>\n块\n</div>\n\n<script>alert(1)</script>';
  expect(stripMarkdown(source)).toBe('一\n二\n\nconst x = 1;\n\n前 粗 后\n\n块');
});
