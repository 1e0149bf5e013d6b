/**
 * The typesetting benchmark's manuscript, made of nothing we wrote or generated: the prose of
 * Debian's Chinese reference (via realText.ts), pictures Debian installs, and a Word file written by
 * another program — LibreOffice where it is installed (as a student's word processor writes one),
 * else pandoc. Ten chapters of three sections, a table and a picture per chapter, fifty references.
 */
import { execFileSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { realText } from './realText';

const PICTURE_FOLDERS = ['/usr/share/debian-reference/images', '/usr/share/pixmaps'];

/** Up to `count` PNG pictures Debian installs, copied into `dir`; their names there. */
function pictures(dir: string, count: number): string[] {
  const found = PICTURE_FOLDERS.filter(existsSync).flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith('.png'))
      .map((name) => join(folder, name)),
  );
  if (!found.length) throw new Error('No pictures to put in the manuscript: apt-get install debian-reference-common');
  return Array.from({ length: count }, (_, i) => {
    const name = `picture${i + 1}.png`;
    writeFileSync(join(dir, name), readFileSync(found[i % found.length]));
    return name;
  });
}

/** The manuscript as Markdown, about `characters` characters of prose. */
function markdown(
  paragraphs: string[],
  pictureNames: string[],
  { chapters, characters, references }: { chapters: number; characters: number; references: number },
) {
  const out = ['# Debian 系统的使用与维护', '', `摘要：${paragraphs[0]}`, '', '关键词：Debian；软件包；系统管理', ''];
  const perSection = characters / (chapters * 3);
  let next = 1;
  for (let chapter = 1; chapter <= chapters; chapter += 1) {
    out.push(`## 第${chapter}章 ${paragraphs[next].slice(0, 8)}`, '');
    for (let section = 1; section <= 3; section += 1) {
      out.push(`### ${chapter}.${section} ${paragraphs[next].slice(8, 16)}`, '');
      for (let length = 0; length < perSection && next < paragraphs.length; next += 1) {
        out.push(paragraphs[next], '');
        length += paragraphs[next].length;
      }
    }
    // a table of words from the chapter's prose, and a picture, each with its caption
    const words = paragraphs[next - 1].replace(/[，。、；：！？（）“”]/g, '').match(/.{1,4}/g) ?? [];
    out.push(`表${chapter} 本章的要点`, '', '| 项目 | 说明 | 来源 | 备注 |', '|---|---|---|---|');
    for (let row = 0; row < 4; row += 1) out.push(`| ${[0, 1, 2, 3].map((c) => words[row * 4 + c] ?? '—').join(' | ')} |`);
    out.push('', `![](${pictureNames[chapter - 1]})`, '', `图${chapter} 本章的示意图`, '');
  }
  out.push('## 参考文献', '');
  for (let i = 1; i <= references; i += 1)
    out.push(`${i}. ${paragraphs[i].slice(0, 6)}等. ${paragraphs[i + references].slice(0, 14)}[J]. Debian 文档, ${2000 + (i % 25)}, ${i}(2): ${i}-${i + 9}.`);
  return out.join('\n');
}

/** The Word manuscript, written into `dir` (thesis.docx); says which program wrote it. */
export function realThesis(dir: string, options = { chapters: 10, characters: 60_000, references: 50 }): { file: string; writer: string } {
  const paragraphs = realText('zh').hosts.flatMap((doc) => doc.split('\n'));
  writeFileSync(join(dir, 'thesis.md'), markdown(paragraphs, pictures(dir, options.chapters), options));
  const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: dir, stdio: 'pipe' });
  try {
    run('pandoc', ['thesis.md', '-o', 'thesis.odt']);
    run('soffice', ['--headless', '--convert-to', 'docx:MS Word 2007 XML', 'thesis.odt']);
    if (existsSync(join(dir, 'thesis.docx'))) return { file: join(dir, 'thesis.docx'), writer: 'LibreOffice' };
  } catch {
    // no LibreOffice here: pandoc writes the Word file
  }
  run('pandoc', ['thesis.md', '-o', 'thesis.docx']);
  return { file: join(dir, 'thesis.docx'), writer: 'pandoc' };
}
