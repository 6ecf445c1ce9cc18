import { Parser } from 'htmlparser2';

/**
 * What a compliance check reads of a page: the words a visitor sees (not scripts, styles or
 * templates), its images' alt texts and file names, and its title. Read in one streaming pass.
 */
export interface PageReading {
  title: string;
  text: string;
  images: { alt: string; src: string }[];
}

/** Elements whose content a visitor never reads as text. */
const UNSEEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
/** Elements that part words: their start and end are a space, not a join. */
const PARTS = new Set([
  'p',
  'div',
  'br',
  'li',
  'td',
  'th',
  'tr',
  'section',
  'article',
  'footer',
  'header',
  'nav',
  'aside',
  'main',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
  'a',
  'small',
  'dd',
  'dt',
  'figcaption',
  'label',
  'button',
]);

export function readPage(html: string): PageReading {
  const text: string[] = [];
  const title: string[] = [];
  const images: PageReading['images'] = [];
  let unseen = 0;
  let inTitle = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (UNSEEN.has(name)) unseen++;
        else if (name === 'img') images.push({ alt: attrs.alt ?? '', src: attrs.src ?? '' });
        if (PARTS.has(name)) text.push(' ');
      },
      ontext(data) {
        if (inTitle) title.push(data);
        else if (unseen === 0) text.push(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (UNSEEN.has(name)) unseen = Math.max(0, unseen - 1);
        if (PARTS.has(name)) text.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const squeeze = (parts: string[]) => parts.join('').replace(/\s+/g, ' ').trim();
  return { title: squeeze(title), text: squeeze(text), images };
}

/** The page addresses a sitemap lists (`<loc>`), in order. */
export function sitemapLocations(xml: string): string[] {
  const found: string[] = [];
  let inLoc = false;
  let current = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'loc') {
          inLoc = true;
          current = '';
        }
      },
      ontext(data) {
        if (inLoc) current += data;
      },
      onclosetag(name) {
        if (name === 'loc') {
          inLoc = false;
          if (current.trim()) found.push(current.trim());
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return found;
}
