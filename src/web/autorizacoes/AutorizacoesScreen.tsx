import { useMemo } from 'react';
import { FILAS, TIPOS, TIPO_KEYS, filaOfPath } from '../../shared/autorizacoes';
import type { ScreenProps } from '../shell/CommandView';
import { Decisao } from './Decisao';
import { ListaAutorizacoes } from './ListaAutorizacoes';
import { Solicitacao } from './Solicitacao';
import './autorizacoes.css';

const REALIZADAS = '/principal/autorizacao/autorizacoes';
const HISTORICO = '/principal/autorizacao/historicos-utilizacoes-beneficiarios';
const ACOMPANHAR = '/principal/autorizacao/acompanhar-autorizacoes-beneficiario';

/**
 * Every authorization command's screen: a request (?id=) opens the decision screen (the auditor's, or the
 * provider's answer on the creation commands); the audit queues and the lists; the guide types' request form.
 */
export default function AutorizacoesScreen({ command, search }: ScreenProps) {
  const id = useMemo(() => Number(new URLSearchParams(search).get('id')) || null, [search]);
  const fila = filaOfPath(command.path);
  const tipo = TIPO_KEYS.find((t) => TIPOS[t].command === command.path);
  if (id) return <Decisao key={id} command={command} id={id} modo={tipo ? 'prestador' : command.path === ACOMPANHAR ? 'leitura' : 'auditor'} />;
  if (fila) return <ListaAutorizacoes command={command} search={search} endpoint={`/autorizacoes/fila/${fila}`} kind="fila" />;
  if (command.path === REALIZADAS) return <ListaAutorizacoes command={command} search={search} endpoint="/autorizacoes" kind="realizadas" />;
  if (command.path === HISTORICO) return <ListaAutorizacoes command={command} search={search} endpoint="/autorizacoes/historico" kind="historico" />;
  if (command.path === ACOMPANHAR) return <ListaAutorizacoes command={command} search={search} endpoint="/autorizacoes/beneficiario" kind="beneficiario" />;
  if (tipo) return <Solicitacao key={tipo} command={command} tipo={tipo} />;
  return <p className="page-sub">Tela não disponível.</p>;
}

export { FILAS };
