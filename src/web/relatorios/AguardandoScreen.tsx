import { Hourglass } from 'lucide-react';
import { EXPORTACOES_AGUARDANDO } from '../../shared/processos/aguardando';
import { LEIAUTES_PENDENTES } from '../../shared/processos/leiautes-pendentes';
import { DADOS_PENDENTES, RELATORIOS_AGUARDANDO } from '../../shared/relatorios/aguardando';
import type { ScreenProps } from '../screens/types';
import './relatorios.css';

/**
 * A report or an export whose data the portal does not record yet (src/shared/relatorios/aguardando.ts,
 * src/shared/processos/aguardando.ts), or a regulator file whose layout is missing (leiautes-pendentes.ts): its title and
 * code, and which data (or layout) it waits for, instead of filters that could only ever find nothing.
 */
export default function AguardandoScreen({ command }: ScreenProps) {
  const path = command.path as keyof typeof RELATORIOS_AGUARDANDO;
  const exportacao = command.kind === 'export';
  const processo = command.kind === 'process';
  const dado = exportacao || processo ? EXPORTACOES_AGUARDANDO[path] : RELATORIOS_AGUARDANDO[path];
  const leiaute = exportacao ? LEIAUTES_PENDENTES[path] : undefined;
  return (
    <div className="card relatorio-aguardando" data-testid="relatorio-aguardando" data-codigo={command.rep ?? undefined}>
      <h1 className="page-title">
        {command.title} {command.rep && <span className="rel-codigo">{command.rep}</span>}
      </h1>
      <p className="rel-aguardando-msg">
        <Hourglass size={18} aria-hidden="true" />
        {leiaute ? (
          <span>
            Este arquivo é entregue à ANS no leiaute que ela define, e {leiaute} ainda não foi incorporado a este portal. Um arquivo fora do leiaute
            oficial seria recusado; por isso o portal não o gera. O arquivo passa a ser gerado aqui quando o leiaute for incorporado.
          </span>
        ) : (
          <span>
            {exportacao ? 'Esta exportação usa' : processo ? 'Este processo usa' : 'Este relatório usa'} {dado ? DADOS_PENDENTES[dado] : 'dados'}. Esses dados ainda não são
            registrados neste portal; {exportacao ? 'o arquivo passa a ser gerado' : processo ? 'o processo passa a ser executado' : 'o relatório passa a ser emitido'} aqui
            quando forem.
          </span>
        )}
      </p>
    </div>
  );
}
