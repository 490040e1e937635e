/**
 * HTML for the 'html' column type and read-only views: an allow-list sanitizer (never raw HTML).
 * Only text-formatting tags survive; every attribute is dropped except a safe href on links.
 */
const ALLOWED = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'SPAN', 'SMALL', 'A']);
const DROP = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH', 'LINK', 'META']);

export function sanitizeHtml(html: string, doc: Document = document): DocumentFragment {
  const tpl = doc.createElement('template');
  tpl.innerHTML = html;
  const out = doc.createDocumentFragment();
  const copy = (from: Node, to: Node) => {
    for (const n of [...from.childNodes]) {
      if (n.nodeType === 3) to.appendChild(doc.createTextNode(n.textContent ?? ''));
      else if (n.nodeType === 1) {
        const el = n as Element;
        if (DROP.has(el.tagName)) continue;
        if (!ALLOWED.has(el.tagName)) {
          copy(el, to);
          continue;
        }
        const clean = doc.createElement(el.tagName.toLowerCase());
        if (el.tagName === 'A') {
          const href = el.getAttribute('href') ?? '';
          if (/^(https?:|mailto:)/i.test(href)) {
            clean.setAttribute('href', href);
            clean.setAttribute('target', '_blank');
            clean.setAttribute('rel', 'noopener noreferrer');
          }
        }
        copy(el, clean);
        to.appendChild(clean);
      }
    }
  };
  copy(tpl.content, out);
  return out;
}

/** The sanitized HTML as a string (for tests and previews). */
export function sanitizedHtmlString(html: string, doc: Document = document): string {
  const div = doc.createElement('div');
  div.appendChild(sanitizeHtml(html, doc));
  return div.innerHTML;
}
