import { sql } from 'drizzle-orm';
import { protocolosSource } from '../protocolos/listas';
import { query } from '../db/sql';
import { pageIds, type Row } from '../lists/source';
import type { ReportSource } from './engine';

const SETOR = sql`s.descricao`;

/** rep277's rows: the protocols' list source (scope, lookups) with the destination sector as the group and the sheets summed. */
export const documentosProtocoladosSource: ReportSource = {
  ...protocolosSource,
  from: sql`protocolos_documentos p join setores_empresa s on s.id = p.setor_id`,
  fields: { ...protocolosSource.fields, id: { expr: sql`p.id` }, grupo: { expr: SETOR } },
  sums: { folhas: sql`p.folhas` },
  async rows(db, ids) {
    return query<Row>(
      db,
      sql`select p.id, ${SETOR} as grupo, p.numero, to_char(p.recebido_em, 'YYYY-MM-DD') as "recebidoEm", p.remetente_nome as "remetenteNome",
          p.tipo_documento as "tipoDocumento", p.assunto, p.folhas, p.status
        from ${pageIds(ids, 'k')} join protocolos_documentos p on p.id = k.id join setores_empresa s on s.id = p.setor_id order by k.ord`,
    );
  },
};
