import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { CAMPOS_ATUALIZACAO, campoLabel, type SituacaoSolicitacao, type SolicitacaoAtualizacao } from '../../shared/pessoas';
import { UF_OPTIONS } from '../../shared/resources/define';
import { applyMask, applyPhoneMask } from '../../shared/resources/masks';
import { beneficiario } from '../../shared/resources/pessoas';
import { fieldSchema } from '../../shared/resources/schema';
import { ApiError } from '../api/client';
import { DependentSelect } from '../forms/DependentSelect';
import '../forms/forms.css';
import { toFormValues } from '../resources/ResourceForm';
import { userAtom } from '../session/store';
import type { ScreenProps } from '../screens/types';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { pessoasApi, pessoasKeys } from './api';
import { valorDe } from './Ficha';
import './pessoas.css';

/**
 * Spec §2.1 /cadastro/beneficiarios/atualizacao-cadastral: the beneficiary asks to change contact and address data
 * (or confirms them as they are); the operator approves — the change is applied and audited — or rejects with a reason.
 */
export default function AtualizacaoCadastral(props: ScreenProps) {
  const user = useAtomValue(userAtom);
  return user?.beneficiario || user?.dependente ? <Solicitar {...props} /> : <Analisar {...props} />;
}

type Valores = Record<string, string>;
const formSchema = z.object({
  ...Object.fromEntries(CAMPOS_ATUALIZACAO.map((k) => [k, fieldSchema(beneficiario.fields[k])])),
  observacao: z.string().trim().max(500, 'A observação deve ter no máximo 500 caracteres.').optional(),
});

function Solicitar({ command }: ScreenProps) {
  const qc = useQueryClient();
  const logado = useQuery({ queryKey: pessoasKeys.logado, queryFn: pessoasApi.logado });
  const [membro, setMembro] = useState<number | null>(null);
  const alvoId = membro ?? (logado.data?.registro.id as number | undefined);
  const registro = useQuery({
    queryKey: pessoasKeys.beneficiario(alvoId ?? 0),
    queryFn: () => pessoasApi.beneficiario(alvoId!),
    enabled: alvoId != null && membro != null,
  });
  const row = membro != null ? registro.data : logado.data?.registro;
  if (logado.isLoading || (membro != null && registro.isLoading)) return <p className="splash">Carregando…</p>;
  if (!logado.data || !row) return <p className="card">Não foi possível carregar o seu cadastro.</p>;
  const familia = logado.data.familia;
  return (
    <div className="pessoa-tela">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Altere o que mudou e envie: a operadora analisa e você acompanha abaixo. Se estiver tudo certo, é só confirmar.</p>
      {familia.length > 1 && logado.data.registro.relacaoDependencia === '1' && (
        <div className="field" style={{ maxWidth: 360 }}>
          <label htmlFor="atualizar-membro">Dados de</label>
          <select id="atualizar-membro" value={membro ?? ''} onChange={(e) => setMembro(e.target.value ? Number(e.target.value) : null)}>
            {familia.map((m) => (
              <option key={m.id} value={m.id === logado.data.registro.id ? '' : m.id}>
                {m.nome}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormularioSolicitacao
        key={`${row.id}-${row.version}`}
        row={row}
        beneficiarioId={membro ?? undefined}
        onDone={() => {
          void qc.invalidateQueries({ queryKey: ['pessoas'] });
          void qc.invalidateQueries({ queryKey: ['beneficiario', 'requer-atualizacao'] });
        }}
      />
      <MinhasSolicitacoes />
    </div>
  );
}

function FormularioSolicitacao({ row, beneficiarioId, onDone }: { row: Record<string, unknown>; beneficiarioId?: number; onDone(): void }) {
  const defaults = useMemo(() => {
    const all = toFormValues(beneficiario, row) as Valores;
    return { ...Object.fromEntries(CAMPOS_ATUALIZACAO.map((k) => [k, all[k] ?? ''])), observacao: '' } as Valores;
  }, [row]);
  const form = useForm<Valores, unknown, Record<string, unknown>>({ defaultValues: defaults, resolver: zodResolver(formSchema as never) as unknown as Resolver<Valores, unknown, Record<string, unknown>> });
  const { control, handleSubmit, formState, setError, register } = form;
  const uf = useWatch({ control, name: 'uf' });
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<string | null>(null);

  const enviar = handleSubmit(async (values) => {
    setEnviando(true);
    setResultado(null);
    try {
      const { observacao, ...dados } = values;
      const r = await pessoasApi.solicitar({ dados, observacao: observacao || null, beneficiarioId });
      const msg = 'confirmado' in r ? 'Dados confirmados. Obrigado por manter seu cadastro em dia.' : `Solicitação enviada (protocolo ${r.protocolo}). A operadora vai analisar a alteração.`;
      showAlerts([{ type: 'success', value: msg }]);
      setResultado(msg);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fieldErrors();
      let shown = false;
      for (const [k, message] of Object.entries(fields)) {
        const name = k.replace(/^dados\./, '');
        if (name in defaults) {
          setError(name, { type: 'server', message }, { shouldFocus: true });
          shown = true;
        }
      }
      if (!shown) setResultado(err.alerts.map((a) => a.value).join(' '));
    } finally {
      setEnviando(false);
    }
  });

  const erro = (k: string) => formState.errors[k]?.message as string | undefined;
  const campo = (k: string, input: React.ReactNode, wide = false) => (
    <div className={`field${wide ? ' wide' : ''}`} key={k}>
      <label htmlFor={`atu-${k}`}>{k === 'observacao' ? 'Observação para a operadora' : campoLabel(k)}</label>
      {input}
      {erro(k) && (
        <p className="field-error" role="alert">
          {erro(k)}
        </p>
      )}
    </div>
  );
  const texto = (k: string, max: number, extra: Record<string, unknown> = {}) =>
    campo(k, <input id={`atu-${k}`} maxLength={max} aria-invalid={!!erro(k) || undefined} {...register(k)} {...extra} />);
  const mascara = (k: string, fn: (v: string) => string, extra: Record<string, unknown> = {}) =>
    campo(
      k,
      <Controller
        name={k}
        control={control}
        render={({ field: c }) => <input id={`atu-${k}`} aria-invalid={!!erro(k) || undefined} value={c.value ?? ''} onBlur={c.onBlur} ref={c.ref} onChange={(e) => c.onChange(fn(e.target.value))} {...extra} />}
      />,
    );

  return (
    <form className="ficha-secao" onSubmit={enviar} noValidate data-testid="form-atualizacao">
      <h2>Contato e endereço</h2>
      <div className="form-linha">
        {mascara('telefone', applyPhoneMask, { type: 'tel', inputMode: 'tel', maxLength: 15, placeholder: '(00) 0000-0000' })}
        {mascara('celular', applyPhoneMask, { type: 'tel', inputMode: 'tel', maxLength: 15, placeholder: '(00) 00000-0000' })}
        {texto('email', 120, { type: 'email' })}
        {texto('nomeSocial', 150)}
        {mascara('cep', (v) => applyMask('#####-###', v), { inputMode: 'numeric', maxLength: 9, placeholder: '00000-000' })}
        {campo(
          'uf',
          <select id="atu-uf" {...register('uf')}>
            <option value="">Selecione…</option>
            {UF_OPTIONS.map(([v, nome]) => (
              <option key={v} value={v}>
                {v} - {nome}
              </option>
            ))}
          </select>,
        )}
        {campo(
          'cidade',
          <Controller
            name="cidade"
            control={control}
            render={({ field: c }) => <DependentSelect id="atu-cidade" resource="cidade" target="uf" parentValue={uf ?? ''} parentLabel="UF" value={c.value ?? ''} onChange={c.onChange} invalid={!!erro('cidade')} />}
          />,
        )}
        {texto('logradouro', 120)}
        {texto('numero', 10)}
        {texto('complemento', 60)}
        {texto('bairro', 60)}
        {campo('observacao', <textarea id="atu-observacao" maxLength={500} rows={2} {...register('observacao')} />, true)}
      </div>
      {resultado && (
        <p className="notice info" role="status" data-testid="atualizacao-resultado">
          {resultado}
        </p>
      )}
      <div className="pessoa-acoes" style={{ justifyContent: 'flex-end' }}>
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Enviando…' : formState.isDirty ? 'Enviar solicitação' : 'Confirmar meus dados'}
        </button>
      </div>
    </form>
  );
}

function Mudancas({ s }: { s: SolicitacaoAtualizacao }) {
  const show = (k: string, o: Record<string, unknown>) => {
    if (k === 'cidade' && o.cidade != null) return s.rotulos[`cidade:${String(o.cidade)}`] ?? String(o.cidade);
    return valorDe(beneficiario, k, o) || '(vazio)';
  };
  return (
    <ul className="mudanca" style={{ margin: 0, paddingLeft: 16 }}>
      {Object.keys(s.dados).map((k) => (
        <li key={k}>
          {campoLabel(k)}: <del>{show(k, s.anteriores)}</del> → <ins>{show(k, s.dados)}</ins>
        </li>
      ))}
    </ul>
  );
}

const dataHora = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '');
const SITUACAO: Record<SituacaoSolicitacao, string> = { PENDENTE: 'Em análise', APROVADA: 'Aprovada', REJEITADA: 'Rejeitada' };

function MinhasSolicitacoes() {
  const q = useQuery({ queryKey: pessoasKeys.solicitacoes('TODAS'), queryFn: () => pessoasApi.solicitacoes('TODAS') });
  const itens = q.data?.itens ?? [];
  if (!itens.length) return null;
  return (
    <section className="ficha-secao" style={{ marginTop: 14 }}>
      <h2>Minhas solicitações</h2>
      <table className="tabela-simples" data-testid="minhas-solicitacoes">
        <thead>
          <tr>
            <th>Protocolo</th>
            <th>Enviada em</th>
            <th>De</th>
            <th>Alterações</th>
            <th>Situação</th>
          </tr>
        </thead>
        <tbody>
          {itens.map((s) => (
            <tr key={s.id}>
              <td>{s.protocolo}</td>
              <td>{dataHora(s.criadaEm)}</td>
              <td>{s.beneficiarioNome}</td>
              <td>
                <Mudancas s={s} />
              </td>
              <td>
                <span className={`tag tag-${s.situacao}`}>{SITUACAO[s.situacao]}</span>
                {s.motivoRejeicao && <div className="rf-help">{s.motivoRejeicao}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Analisar({ command }: ScreenProps) {
  const qc = useQueryClient();
  const [situacao, setSituacao] = useState<SituacaoSolicitacao | 'TODAS'>('PENDENTE');
  const q = useQuery({ queryKey: pessoasKeys.solicitacoes(situacao), queryFn: () => pessoasApi.solicitacoes(situacao) });
  const [rejeitando, setRejeitando] = useState<SolicitacaoAtualizacao | null>(null);
  const [motivo, setMotivo] = useState('');
  const [erroMotivo, setErroMotivo] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['pessoas', 'atualizacoes'] });
  const aprovar = useMutation({ mutationFn: (s: SolicitacaoAtualizacao) => pessoasApi.aprovar(s.id, s.version), onSettled: refresh });
  async function rejeitar() {
    if (!rejeitando) return;
    try {
      await pessoasApi.rejeitar(rejeitando.id, rejeitando.version, motivo);
      showAlerts([{ type: 'success', value: `Solicitação ${rejeitando.protocolo} rejeitada.` }]);
      setRejeitando(null);
      refresh();
    } catch (err) {
      if (err instanceof ApiError) setErroMotivo(err.fieldErrors().motivo ?? err.message);
    }
  }
  const itens = q.data?.itens ?? [];
  return (
    <div className="pessoa-tela">
      <div className="pessoa-topo">
        <div>
          <h1 className="page-title">{command.title}</h1>
          <p className="page-sub">Solicitações de atualização cadastral enviadas pelos beneficiários no portal.</p>
        </div>
        <div className="field" style={{ minWidth: 200 }}>
          <label htmlFor="atu-situacao">Situação</label>
          <select id="atu-situacao" value={situacao} onChange={(e) => setSituacao(e.target.value as typeof situacao)}>
            <option value="PENDENTE">Em análise</option>
            <option value="APROVADA">Aprovadas</option>
            <option value="REJEITADA">Rejeitadas</option>
            <option value="TODAS">Todas</option>
          </select>
        </div>
      </div>
      {q.isLoading ? (
        <p className="splash">Carregando…</p>
      ) : !itens.length ? (
        <p className="card">Nenhuma solicitação {situacao === 'PENDENTE' ? 'em análise' : 'nesta situação'}.</p>
      ) : (
        <table className="tabela-simples ficha-secao" data-testid="solicitacoes">
          <thead>
            <tr>
              <th>Protocolo</th>
              <th>Beneficiário</th>
              <th>Enviada em</th>
              <th>Alterações</th>
              <th>Observação</th>
              <th>Situação</th>
              {q.data?.podeAprovar && <th>Opções</th>}
            </tr>
          </thead>
          <tbody>
            {itens.map((s) => (
              <tr key={s.id} data-protocolo={s.protocolo}>
                <td>{s.protocolo}</td>
                <td>
                  {s.beneficiarioNome}
                  <div className="rf-help">Matrícula {s.matricula}</div>
                </td>
                <td>{dataHora(s.criadaEm)}</td>
                <td>
                  <Mudancas s={s} />
                </td>
                <td>{s.observacao}</td>
                <td>
                  <span className={`tag tag-${s.situacao}`}>{SITUACAO[s.situacao]}</span>
                  {s.motivoRejeicao && <div className="rf-help">{s.motivoRejeicao}</div>}
                </td>
                {q.data?.podeAprovar && (
                  <td>
                    {s.situacao === 'PENDENTE' && (
                      <div className="pessoa-acoes">
                        <button type="button" className="btn btn-primary" disabled={aprovar.isPending} onClick={() => aprovar.mutate(s)}>
                          Aprovar
                        </button>
                        <button
                          type="button"
                          className="btn"
                          onClick={() => {
                            setRejeitando(s);
                            setMotivo('');
                            setErroMotivo(null);
                          }}
                        >
                          Rejeitar
                        </button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rejeitando && (
        <Dialog
          title={`Rejeitar solicitação ${rejeitando.protocolo}`}
          onClose={() => setRejeitando(null)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setRejeitando(null)}>
                Cancelar
              </button>
              <button type="button" className="btn btn-danger" onClick={() => void rejeitar()}>
                Rejeitar
              </button>
            </>
          }
        >
          <div className="field">
            <label htmlFor="atu-motivo">Motivo da rejeição *</label>
            <textarea id="atu-motivo" rows={3} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.target.value)} aria-invalid={!!erroMotivo || undefined} />
            {erroMotivo && (
              <p className="field-error" role="alert">
                {erroMotivo}
              </p>
            )}
          </div>
        </Dialog>
      )}
    </div>
  );
}
