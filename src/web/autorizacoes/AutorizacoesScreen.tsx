import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { registry } from '../../../commands';
import { FILAS, TIPOS, TIPO_KEYS } from '../../shared/autorizacoes';
import { listaOfPath } from '../../shared/autorizacoes/listas';
import { userAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import type { ScreenProps } from '../screens/types';
import { Decisao } from './Decisao';
import { ListaAutorizacoes } from './ListaAutorizacoes';
import { Solicitacao } from './Solicitacao';
import './autorizacoes.css';

const ACOMPANHAR = '/principal/autorizacao/acompanhar-autorizacoes-beneficiario';
const AUDITORIA = '/principal/autorizacao/auditoria';

/**
 * Every authorization command's screen: a request (?id=) opens the request — with the auditor's decisions for who
 * may audit, with the provider's answer and cancellation for a provider (or on a creation command, where the
 * operator acts for the provider), read-only otherwise; the audit queues and the lists; the guide types' form.
 */
export default function AutorizacoesScreen({ command, search }: ScreenProps) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const id = Number(params.get('id')) || null;
  const user = useAtomValue(userAtom);
  const { visible } = useVisibility();
  const lista = listaOfPath(command.path);
  const tipo = TIPO_KEYS.find((t) => TIPOS[t].command === command.path);
  if (id) {
    const auditoria = registry.match(AUDITORIA);
    // a creation screen acts for the provider; a list that also creates (Prorrogações) only when asked to answer
    const criacao = !!tipo && (!lista || params.has('responder'));
    const modo = criacao || user?.prestador || user?.prestadorAdministrativo ? 'prestador' : command.path !== ACOMPANHAR && auditoria && visible(auditoria) ? 'auditor' : 'leitura';
    return <Decisao key={id} command={command} search={search} id={id} modo={modo} />;
  }
  if (lista && !(tipo && params.has('novo'))) return <ListaAutorizacoes command={command} search={search} def={lista} />;
  if (tipo) return <Solicitacao key={tipo} command={command} tipo={tipo} />;
  return <p className="page-sub">Tela não disponível.</p>;
}

export { FILAS };
