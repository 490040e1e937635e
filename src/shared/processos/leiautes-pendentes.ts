import type { CommandPath } from '../../../commands';

/**
 * Regulator files whose official layout no source of this project gives (SPEC, DOMAIN, the ANS schemas in
 * ../shared/tiss): a regulator format is never invented, so the export opens a screen that says so instead of a
 * form whose file the ANS would refuse. When the layout arrives, the export is declared (index.ts) and leaves this table.
 * Light on purpose: the web's first bundle reads it.
 */
export const LEIAUTES_PENDENTES: Readonly<Partial<Record<CommandPath, string>>> = {
  '/util/exportacao/cpm': 'o leiaute do arquivo CPM definido pela ANS',
};
