/** XML's five named entities and decimal character references, as the text they stand for (a Word document's runs, poppler's outline). */
const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, (_, name: string) => (name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : XML_ENTITIES[name]));
