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

/** Markdown as a reader sees it, line by line: headings, emphasis, links and images reduced to their text. */
export function stripMarkdown(source: string): string {
  return source
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+])\s+/gm, '')
    .replace(/(\*\*|__|`+|~~)/g, '')
    .replace(/^\s*([-*_]\s*){3,}$/gm, '');
}
