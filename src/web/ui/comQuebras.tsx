import { Fragment, type ReactNode } from 'react';

/**
 * A label such as "Urgência/Emergência" or "Individual/Familiar" may wrap after its slash in a narrow column (a <wbr>
 * between two letters); dates and codes (12/10/2026, 1.2/3) keep their slashes unbroken.
 */
export function comQuebras(text: string): ReactNode {
  const parts = text.split(/(?<=\p{L})\/(?=\p{L})/u);
  if (parts.length === 1) return text;
  return parts.map((p, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {p}
    </Fragment>
  ));
}
