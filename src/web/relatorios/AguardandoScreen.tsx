import { Hourglass } from 'lucide-react';
import { EXPORTACOES_AGUARDANDO } from '../../shared/processos/aguardando';
import { DADOS_PENDENTES, RELATORIOS_AGUARDANDO } from '../../shared/relatorios/aguardando';
import type { ScreenProps } from '../screens/types';
import './relatorios.css';

/**
 * A report or an export whose data the portal does not record yet (src/shared/relatorios/aguardando.ts,
 * src/shared/processos/aguardando.ts): its title and code, and
 * which data it waits for, instead of filters that could only ever find nothing.
 */
export default function AguardandoScreen({ command }: ScreenProps) {
  const path = command.path as keyof typeof RELATORIOS_AGUARDANDO;
  const exportacao = command.kind === 'export';
  const processo = command.kind === 'process';
  const dado = exportacao || processo ? EXPORTACOES_AGUARDANDO[path] : RELATORIOS_AGUARDANDO[path];
  return (
    <div className="card relatorio-aguardando" data-testid="relatorio-aguardando" data-codigo={command.rep ?? undefined}>
      <h1 className="page-title">
        {command.title} {command.rep && <span className="rel-codigo">{command.rep}</span>}
      </h1>
      <p className="rel-aguardando-msg">
        <Hourglass size={18} aria-hidden="true" />
        <span>
          {exportacao ? 'Esta exportação usa' : processo ? 'Este processo usa' : 'Este relatório usa'} {dado ? DADOS_PENDENTES[dado] : 'dados'}. Esses dados ainda não são registrados neste
          portal; {exportacao ? 'o arquivo passa a ser gerado' : processo ? 'o processo passa a ser executado' : 'o relatório passa a ser emitido'} aqui quando forem.
        </span>
      </p>
    </div>
  );
}
