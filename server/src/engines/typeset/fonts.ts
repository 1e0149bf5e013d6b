/**
 * The typefaces a thesis is laid out in. Templates name the faces Chinese schools require (宋体,
 * 黑体, 楷体, 仿宋, Times New Roman, Arial), which are not free and not on the server; each name,
 * in its usual spellings, is followed by an open face of the same style for simplified Chinese,
 * used where the named face is not installed. The table is written as a fontconfig file that
 * LibreOffice and poppler read (FONTCONFIG_FILE, office.ts), so the mapping travels with the code,
 * not with the machine (docs/decisions.md, "Typefaces").
 */
import { execFile } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, renameSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

interface Style {
  /** the names templates and Word documents use for the style */
  names: string[];
  /** the open faces set instead, best first */
  faces: string[];
}

/*
 * Google's simplified Chinese builds of Noto (npm), whose PDFs name them as such; Debian's Noto CJK
 * collection comes after them: LibreOffice names any face of it after the collection's shared
 * outlines, "NotoSerifCJKjp", though it sets simplified forms (docs/decisions.md, "Typefaces").
 */
const FONT_FOLDERS = [
  'noto-serif-sc/400Regular/NotoSerifSC_400Regular.ttf',
  'noto-serif-sc/700Bold/NotoSerifSC_700Bold.ttf',
  'noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
].map((file) => dirname(require.resolve(`@expo-google-fonts/${file}`)));
const SERIF = ['Noto Serif SC', 'Noto Serif CJK SC'];
const SANS = ['Noto Sans SC', 'Noto Sans CJK SC'];

export const STYLES: Style[] = [
  {
    names: [
      '宋体',
      'SimSun',
      '宋体-简',
      'Songti SC',
      '新宋体',
      'NSimSun',
      '华文宋体',
      'STSong',
      '华文中宋',
      'STZhongsong',
      '中易宋体',
      '方正书宋_GBK',
      '方正书宋简体',
      'FZShuSong-Z01',
      '方正小标宋简体',
      '方正小标宋_GBK',
      'FZXiaoBiaoSong-B05',
      '思源宋体',
      'Source Han Serif SC',
      'Source Han Serif CN',
    ],
    faces: SERIF,
  },
  {
    names: [
      '黑体',
      'SimHei',
      '黑体-简',
      'Heiti SC',
      '华文黑体',
      'STHeiti',
      '微软雅黑',
      'Microsoft YaHei',
      '方正黑体_GBK',
      '方正黑体简体',
      'FZHei-B01',
      '苹方-简',
      'PingFang SC',
      '思源黑体',
      'Source Han Sans SC',
      'Source Han Sans CN',
    ],
    faces: SANS,
  },
  // a Kai face (Debian's fonts-arphic-ukai), else the Song one
  {
    names: ['楷体', 'KaiTi', '楷体_GB2312', 'KaiTi_GB2312', '楷体-简', 'Kaiti SC', '华文楷体', 'STKaiti', '方正楷体_GBK', '方正楷体简体', 'FZKai-Z03'],
    faces: ['AR PL UKai CN', ...SERIF],
  },
  // Debian has no open FangSong face for simplified Chinese (cwTeX's draws traditional characters
  // only); FangSong is a Song face in its structure, so the Song one
  {
    names: ['仿宋', 'FangSong', '仿宋_GB2312', 'FangSong_GB2312', '仿宋-简', '华文仿宋', 'STFangsong', '方正仿宋_GBK', '方正仿宋简体', 'FZFangSong-Z02'],
    faces: SERIF,
  },
  // Liberation's faces have the same widths as these, so lines break where Word breaks them
  { names: ['Times New Roman', 'Times'], faces: ['Liberation Serif'] },
  { names: ['Arial', 'Helvetica'], faces: ['Liberation Sans'] },
  { names: ['Courier New', 'Courier'], faces: ['Liberation Mono'] },
];

/**
 * Faces drawn for Japanese, Korean or traditional Chinese (their glyphs differ from the simplified
 * forms), and DejaVu: hidden from the layout engine, so no character of a thesis is set in them,
 * not even one its chosen face lacks.
 */
const HIDDEN = [
  ...['Serif', 'Sans', 'Sans Mono'].flatMap((kind) => ['JP', 'KR', 'TC', 'HK'].map((region) => `Noto ${kind} CJK ${region}`)),
  'AR PL UKai TW',
  'AR PL UKai TW MBE',
  'AR PL UKai HK',
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'DejaVu Math TeX Gyre',
];

/** Any other name, and a character its face lacks: Latin first, then the simplified Chinese face of the style. */
const GENERIC = {
  serif: ['Liberation Serif', ...SERIF],
  'sans-serif': ['Liberation Sans', ...SANS],
  monospace: ['Liberation Mono', ...SANS],
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const families = (list: string[]) => list.map((family) => `<family>${escape(family)}</family>`).join('');

/** The table as a fontconfig file: the machine's own configuration, then these rules. */
export function fontconfigText(): string {
  const lines = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<!-- written by the server from server/src/engines/typeset/fonts.ts -->',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    ...FONT_FOLDERS.map((folder) => `  <dir>${escape(folder)}</dir>`),
    `  <selectfont><rejectfont>${HIDDEN.map((family) => `<pattern><patelt name="family"><string>${escape(family)}</string></patelt></pattern>`).join('')}</rejectfont></selectfont>`,
    // accept: right after the name asked for, so an installed face of that name still comes first
    ...STYLES.flatMap(({ names, faces }) =>
      names.map((name) => `  <alias binding="same"><family>${escape(name)}</family><accept>${families(faces)}</accept></alias>`),
    ),
    ...Object.entries(GENERIC).map(([generic, list]) => `  <alias binding="same"><family>${generic}</family><prefer>${families(list)}</prefer></alias>`),
    '</fontconfig>',
    '',
  ];
  return lines.join('\n');
}

let file: string | undefined;
/** The fontconfig file to hand to LibreOffice and poppler: one per content, shared by the server's processes. */
export function fontconfigFile(): string {
  if (!file) {
    const text = fontconfigText();
    const path = join(tmpdir(), `zn-fonts-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.conf`);
    if (!existsSync(path)) {
      // written whole under another name first: another process may be reading it
      const partial = `${path}.${process.pid}`;
      writeFileSync(partial, text);
      renameSync(partial, path);
    }
    file = path;
  }
  return file;
}

/** The environment the layout programs run in: the table's typefaces. */
export const fontEnv = (): NodeJS.ProcessEnv => ({ ...process.env, FONTCONFIG_FILE: fontconfigFile() });

/** The names of the face fontconfig (as the layout engine sees it) sets `name` in; `zh`: for simplified Chinese text. */
function faceOf(name: string, zh: boolean): Promise<string[]> {
  return new Promise((resolve) => {
    const pattern = `${name.replace(/[-:,\\]/g, '\\$&')}${zh ? ':lang=zh-cn' : ''}`;
    execFile('fc-match', ['-f', '%{family}', pattern], { env: fontEnv(), timeout: 10_000 }, (error, stdout) => resolve(error ? [] : stdout.trim().split(',')));
  });
}

const faces = new Map<string, Promise<string[]>>();

/**
 * The substitutes the layout uses for the faces a template names that this server does not have:
 * "宋体 → Noto Serif CJK SC". `zhFonts` are set on Chinese text, `latinFonts` on the rest.
 */
export async function substitutions(zhFonts: string[], latinFonts: string[]): Promise<string[]> {
  const asked = [...new Set(zhFonts)].map((name) => ({ name, zh: true })).concat([...new Set(latinFonts)].map((name) => ({ name, zh: false })));
  const found = await Promise.all(
    asked.map(({ name, zh }) => {
      const key = `${zh}:${name}`;
      if (!faces.has(key)) faces.set(key, faceOf(name, zh));
      return faces.get(key)!;
    }),
  );
  // a face installed under the name asked for answers to it among its names
  return asked.flatMap(({ name }, i) =>
    found[i].length && !found[i].some((family) => family.toLowerCase() === name.toLowerCase()) ? [`${name} → ${found[i][0]}`] : [],
  );
}
