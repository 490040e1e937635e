import { useState } from 'react';
import { ACESSO_ENTIDADES, ACESSOS_LIST, origemLabel, type AcessoRow } from '../../shared/acessos/listas';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import { downloadExport } from '../resources/download';
import type { ScreenProps } from '../screens/types';
import './acessos.css';

type Row = AcessoRow & Record<string, unknown>;

const entidade = (e: string) => ACESSO_ENTIDADES.find(([v]) => v === e)?.[1] ?? e;

const extras: ListScreenExtras<Row> = {
  opens: false,
  cells: {
    usuarioLogin: (a) => (
      <>
        {a.usuarioLogin}
        <small>{[a.usuarioNome, a.ip].filter(Boolean).join(' · ')}</small>
      </>
    ),
    entidade: (a) => entidade(a.entidade),
    pessoa: (a) => (
      <>
        {a.pessoa ?? 'Registro excluído'}
        <small>Código {a.registroId}</small>
      </>
    ),
    origem: (a) => origemLabel(a.origem),
  },
};

/** The filters of the tab's address, without the page: the export takes every matching row. */
export function exportQuery(search: string): string {
  const p = new URLSearchParams(search);
  for (const k of ['offset', 'after', 'before', 'id']) p.delete(k);
  return p.toString();
}

/** The access log for the administrator: who read whose personal record and when (list definition on the generic screen), exported as CSV. */
export default function LogAcessosScreen({ command, search }: ScreenProps) {
  const [exportando, setExportando] = useState(false);
  async function exportar() {
    setExportando(true);
    try {
      await downloadExport(`${ACESSOS_LIST.endpoint}/exportar.csv?${exportQuery(search)}`, () => undefined);
    } catch {
      // shown by downloadExport
    } finally {
      setExportando(false);
    }
  }
  const header = (
    <div className="acessos-acoes">
      <p className="page-sub">Cada leitura do cadastro de um beneficiário (titular ou dependente) ou de um prestador, com quem leu e quando. As alterações ficam na Trilha de Auditoria.</p>
      <button type="button" className="btn" disabled={exportando} onClick={() => void exportar()}>
        {exportando ? 'Exportando…' : 'Exportar CSV'}
      </button>
    </div>
  );
  return <ListScreen<Row> command={command} search={search} def={ACESSOS_LIST} extras={{ ...extras, header }} />;
}
