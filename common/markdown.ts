/**
 * Article bodies are Markdown written by staff; they are rendered to HTML once, on the server (and
 * in the mock), with raw HTML switched off: `<script>` and inline event handlers come out as text,
 * and markdown-it refuses javascript:/vbscript:/data: links, so the app may insert the result.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });

// links to other sites open in a new tab without handing them our window
const renderLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
markdown.renderer.rules.link_open = (tokens, i, options, env, self) => {
  const href = String(tokens[i].attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    tokens[i].attrSet('target', '_blank');
    tokens[i].attrSet('rel', 'noopener noreferrer');
  }
  return renderLinkOpen(tokens, i, options, env, self);
};

export const renderMarkdown = (source: string) => markdown.render(source);

/**
 * The parser that reads Markdown for its text, never rendered: every link counts (a refused
 * javascript: address still has words the reader sees) and raw HTML is parsed so its tags can go.
 */
const reader = new MarkdownIt({ html: true, linkify: false });
reader.validateLink = () => true;

type Token = ReturnType<typeof reader.parse>[number];

/** HTML's text: tags gone, and what a script or style holds with them. */
const htmlText = (html: string) => html.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<[^>]*>/g, '');

/** A paragraph's words: link text without its address, code without its marks; images drop out. */
function inlineText(children: Token[]): string {
  return children
    .map((t) => {
      if (t.type === 'softbreak' || t.type === 'hardbreak') return '\n';
      if (t.type === 'image' || t.type === 'html_inline') return '';
      return t.content;
    })
    .join('');
}

/** What ends a block in the text: a tight list's items and a table's rows a line, other blocks an empty line. */
function blockEnd(token: Token): string {
  if (token.type === 'paragraph_close') return token.hidden ? '\n' : '\n\n';
  if (token.type === 'heading_close' || token.type === 'table_close' || token.type === 'bullet_list_close' || token.type === 'ordered_list_close')
    return '\n\n';
  if (token.type === 'tr_close') return '\n';
  if (token.type === 'th_close' || token.type === 'td_close') return ' ';
  return '';
}

/**
 * Markdown as a reader sees it, block by block, through the same parser that renders it (not
 * patterns, which left table rules and link addresses behind and ate `__` inside words): headings,
 * emphasis and code reduced to their text, links to their text, tables to their cells' text (a row
 * a line), images, rules and HTML tags gone. Article summaries and the library's papers are made of this.
 */
export function stripMarkdown(source: string): string {
  const text = reader
    .parse(source, {})
    .map((token) => {
      if (token.type === 'inline') return inlineText(token.children ?? []);
      if (token.type === 'fence' || token.type === 'code_block') return `${token.content}\n`;
      if (token.type === 'html_block') return `${htmlText(token.content)}\n`;
      return blockEnd(token);
    })
    .join('');
  return text
    .replace(/ +\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
