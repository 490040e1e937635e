import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { CANAIS, FLUXO as FLUXO_ATENDIMENTO, MOTIVOS } from '../../shared/atendimentos';
import { TIPOS, type Status, type Tipo } from '../../shared/autorizacoes';
import { isoToBr, todayIso } from '../../shared/dates';
import { formatDateTime } from '../../shared/format';
import { formatMoney } from '../../shared/money';
import { RELACOES_DEPENDENCIA, SITUACOES_BENEFICIARIO, beneficiario as def } from '../../shared/resources/pessoas';
import { MOTIVOS_ENCERRAMENTO_SERVICO } from '../../shared/servicos';
import { changesOf, fieldLabel, trailValue } from '../../shared/trail';
import { formatDocument } from '../../shared/validation/br';
import type { BeneficiarioResumo } from '../../shared/pessoas';
import { api } from '../api/client';
import { StatusChip } from '../autorizacoes/StatusChip';
import { useRecordActions } from '../records/actions';
import { Chip } from '../ui/Chip';
import { go, openRecord, tabActions } from '../workspace/store';
import { useTabId } from '../workspace/hooks';
import { ACOES_BENEFICIARIO, type BeneficiarioCtx } from './acoes';
import { Ficha } from './Ficha';
import type { RecordViewProps } from '../resources/recordViews';
import './pessoas.css';

const rotulo = (list: readonly (readonly [string, string])[], v: string) => list.find(([k]) => k === v)?.[1] ?? v;
const SITUACAO_TOM = { ATIVO: 'ok', SUSPENSO: 'warn', CANCELADO: 'muted' } as const;
const ACAO_TRILHA: Record<string, string> = { insert: 'Inclusão', update: 'Alteração', delete: 'Exclusão', restore: 'Restauração' };
export const resumoKey = (id: number) => ['pessoas', 'resumo', id] as const;

/**
 * A beneficiary's record, read-only (the registry's `?ver=`, where the palette's `@` opens one): who they are, the
 * family, the latest requests and contacts, the record's change history; Editar (and the other declared actions) on
 * top, the form only when asked for.
 */
export default function RegistroBeneficiario({ id, onEdit, onClose, closeLabel = 'Lista' }: RecordViewProps) {
  const tabId = useTabId();
  const q = useQuery({ queryKey: resumoKey(id), queryFn: () => api.get<BeneficiarioResumo>(`/beneficiarios/${id}/resumo`, { quiet: true }) });
  const r = q.data;
  const reg = r?.registro;
  const nome = reg ? String(reg.nomeSocial || reg.nome) : '';
  const record = useMemo(() => (reg ? { label: nome, ctx: { id, titularId: Number(reg.titular ?? id) } satisfies BeneficiarioCtx } : null), [reg, nome, id]);
  const handlers = useMemo(
    () => ({
      editar: onEdit,
      emitirCartao: () => record && go(`/util/processo/gerador-cartao?alcance=FAMILIA&titular=${record.ctx.titularId}&motivo=SEGUNDA_VIA`, { newTab: true }),
      verAutorizacoes: () => go(`/principal/autorizacao/autorizacoes?beneficiarioId=${id}`, { newTab: true, label: `Autorizações de ${nome}` }),
    }),
    [onEdit, record, id, nome],
  );
  const actions = useRecordActions('Registro do beneficiário', ACOES_BENEFICIARIO, record, handlers);
  // the tab is named after the person
  useEffect(() => {
    if (tabId && nome) tabActions.setLabel(tabId, nome);
  }, [tabId, nome]);

  if (q.isLoading) return <p className="splash">Carregando…</p>;
  if (q.isError || !r || !reg) return <p role="alert">{(q.error as Error | null)?.message ?? 'Beneficiário não encontrado.'}</p>;
  const situacao = String(reg.situacao);
  return (
    <div className="registro" data-testid="registro-beneficiario" data-id={id}>
      <header className="registro-cab">
        <div>
          <h1 className="page-title">
            {nome} <Chip tone={SITUACAO_TOM[situacao as keyof typeof SITUACAO_TOM] ?? 'neutral'}>{rotulo(SITUACOES_BENEFICIARIO, situacao)}</Chip>
          </h1>
          <p className="page-sub">
            {rotulo(RELACOES_DEPENDENCIA, String(reg.relacaoDependencia))} · matrícula {String(reg.matricula)}
            {reg.cpf ? ` · CPF ${formatDocument('cpf', String(reg.cpf))}` : ''}
            {reg.dataNascimento ? ` · nascimento ${isoToBr(String(reg.dataNascimento))}` : ''}
          </p>
        </div>
        <div className="registro-acoes" role="toolbar" aria-label="Ações do beneficiário">
          <button type="button" className="btn" onClick={onClose}>
            {closeLabel}
          </button>
          {actions.map((a) => (
            <button key={a.id} type="button" className={`btn${a.tone === 'primary' ? ' btn-primary' : ''}`} disabled={!a.enabled} onClick={a.run} data-acao={a.id}>
              {a.label}
              {a.hotkey && <kbd>{a.hotkey}</kbd>}
            </button>
          ))}
        </div>
      </header>

      <div className="registro-colunas">
        <Ficha def={def} row={reg} />
        <div className="registro-lado">
          {r.familia.length > 1 && (
            <section className="ficha-secao" aria-labelledby="reg-familia">
              <h2 id="reg-familia">Grupo familiar</h2>
              <ul className="registro-lista">
                {r.familia.map((m) => (
                  <li key={m.id} aria-current={m.id === id ? 'true' : undefined}>
                    {m.id === id ? (
                      <strong>{m.nome}</strong>
                    ) : (
                      <a
                        href={`?ver=${m.id}`}
                        onClick={(e) => {
                          if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                          e.preventDefault();
                          go(`${location.pathname}?ver=${m.id}`, { tabId: tabId ?? undefined, label: m.nome });
                        }}
                      >
                        {m.nome}
                      </a>
                    )}
                    <small>
                      {rotulo(RELACOES_DEPENDENCIA, m.relacaoDependencia)} · {m.matricula} · {rotulo(SITUACOES_BENEFICIARIO, m.situacao)}
                    </small>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {r.autorizacoes && (
            <section className="ficha-secao" aria-labelledby="reg-autorizacoes" data-testid="registro-autorizacoes">
              <h2 id="reg-autorizacoes">
                Autorizações <span className="registro-conta">{r.autorizacoes.total}</span>
              </h2>
              {r.autorizacoes.itens.length ? (
                <ul className="registro-lista">
                  {r.autorizacoes.itens.map((a) => (
                    <li key={a.id}>
                      <span className="registro-linha">
                        {a.path ? (
                          <a
                            href={a.path}
                            onClick={(e) => {
                              if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                              e.preventDefault();
                              openRecord(a.path!, `Guia ${a.numero}`);
                            }}
                          >
                            Guia {a.numero}
                          </a>
                        ) : (
                          <span>Guia {a.numero}</span>
                        )}
                        <StatusChip status={a.status as Status} />
                      </span>
                      <small>
                        {isoToBr(a.dataSolicitacao)} · {TIPOS[a.tipo as Tipo]?.label ?? a.tipo} · {a.procedimento} · {a.prestadorNome} · {formatMoney(a.valor)}
                      </small>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="page-sub">Nenhuma solicitação de autorização.</p>
              )}
              {r.autorizacoes.lista && r.autorizacoes.total > r.autorizacoes.itens.length && (
                <a
                  href={r.autorizacoes.lista}
                  onClick={(e) => {
                    if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                    e.preventDefault();
                    go(r.autorizacoes!.lista!, { newTab: true, label: `Autorizações de ${nome}` });
                  }}
                >
                  Ver as {r.autorizacoes.total} autorizações
                </a>
              )}
            </section>
          )}

          {r.atendimentos && (
            <section className="ficha-secao" aria-labelledby="reg-atendimentos" data-testid="registro-atendimentos">
              <h2 id="reg-atendimentos">
                Atendimentos <span className="registro-conta">{r.atendimentos.total}</span>
              </h2>
              {r.atendimentos.itens.length ? (
                <ul className="registro-lista">
                  {r.atendimentos.itens.map((a) => (
                    <li key={a.id}>
                      <span className="registro-linha">
                        <a
                          href={a.path}
                          onClick={(e) => {
                            if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                            e.preventDefault();
                            openRecord(a.path, `Atendimento ${a.protocolo}`);
                          }}
                        >
                          {formatDateTime(a.inicio)}
                        </a>
                        <Chip tone={FLUXO_ATENDIMENTO.tones[a.status as keyof typeof FLUXO_ATENDIMENTO.tones]}>{FLUXO_ATENDIMENTO.labels[a.status as keyof typeof FLUXO_ATENDIMENTO.labels] ?? a.status}</Chip>
                      </span>
                      <small>
                        {rotulo(CANAIS, a.canal)} · {rotulo(MOTIVOS, a.motivo)} · {a.atendenteNome} · protocolo {a.protocolo}
                      </small>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="page-sub">Nenhum atendimento registrado.</p>
              )}
            </section>
          )}

          {r.servicos.length > 0 && (
            <section className="ficha-secao" aria-labelledby="reg-servicos" data-testid="registro-servicos">
              <h2 id="reg-servicos">Serviços adicionais</h2>
              <ul className="registro-lista">
                {r.servicos.map((a) => (
                  <li key={a.id}>
                    <span className="registro-linha">
                      <span>{a.servico}</span>
                      {a.fim && a.fim < todayIso() ? <Chip tone="muted">Encerrada</Chip> : <Chip tone="ok">Em vigor</Chip>}
                    </span>
                    <small>
                      desde {isoToBr(a.inicio)}
                      {a.fim ? ` até ${isoToBr(a.fim)}` : ''} · {formatMoney(a.valorMensal)} por mês
                      {a.motivo ? ` · ${rotulo(MOTIVOS_ENCERRAMENTO_SERVICO, a.motivo)}` : ''}
                    </small>
                  </li>
                ))}
              </ul>
            </section>
          )}

          {r.historico && (
            <section className="ficha-secao" aria-labelledby="reg-historico" data-testid="registro-historico">
              <h2 id="reg-historico">Histórico de alterações</h2>
              {r.historico.length ? (
                <ol className="registro-lista">
                  {r.historico.map((e) => (
                    <li key={e.id}>
                      <span className="registro-linha">
                        <span>
                          {formatDateTime(e.em)} · {e.usuario ?? 'sistema'}
                        </span>
                        <span className="registro-acao">{ACAO_TRILHA[e.acao] ?? e.acao}</span>
                      </span>
                      {e.acao === 'update' && (
                        <ul className="registro-mudancas">
                          {changesOf(e).map(([k, antes, depois]) => (
                            <li key={k}>
                              <strong>{fieldLabel('beneficiario', k)}:</strong> {trailValue('beneficiario', k, antes, e.antes)} → {trailValue('beneficiario', k, depois, e.depois)}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="page-sub">Sem alterações registradas desde a inclusão.</p>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
