import { useLayoutEffect, useRef } from 'react';
import { sanitizeHtml } from '../grid/sanitize';

/** A notice's rich text, never as raw HTML: only what the allow-list sanitizer keeps (formatting and safe links). */
export function AvisoTexto({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeHtml(html));
  }, [html]);
  return <div className="notice-texto" ref={ref} />;
}
