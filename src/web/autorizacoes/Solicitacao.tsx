import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { CARATER, MSG_PEDIDO_MEDICO, TAG_PEDIDO_MEDICO, TIPOS, exigePedidoMedico, exigeReferencia, type ProfissionalOpcao, type SolicitacaoInput, type Tipo } from '../../shared/autorizacoes';
import { prestadorEscolhaSchema } from '../../shared/pessoas';
import { ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import { Autocomplete, type Option } from '../forms/Autocomplete';
import { PrestadorPicker } from '../forms/PrestadorPicker';
import '../forms/forms.css';
import { userAtom } from '../session/store';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { AnexosCampo, type AnexoEscolhido } from './AnexosCampo';
import { CamposClinicos } from './CamposClinicos';
import { autApi } from './api';

interface ItemRow {
  tabela: string;
  codigo: string;
  descricao: string;
  quantidade: string;
  dente: string;
  face: string;
}
/** A new item: TUSS table 22 holds the dental procedures too (8… codes). */
const vazio = (): ItemRow => ({ tabela: '22', codigo: '', descricao: '', quantidade: '1', dente: '', face: '' });

const rotuloSituacao = (s: string) => s.charAt(0) + s.slice(1).toLowerCase();

/**
 * The request form of one guide type: beneficiary (name, CPF or card, autocomplete), requesting provider (the
 * operator chooses it in the provider dialog; a provider requests as itself), executing provider, requesting
 * professional (name or council number, autocomplete; the name is read-only, the CBO comes from the specialty),
 * caráter, clinical indication, CID where the type has it, the referenced guide (by number), the items, and the
 * documents (the medical order tagged autorizacao_pedido_medico). The answer says whether it was authorized at
 * once or went to audit.
 */
export function Solicitacao({ command, tipo }: { command: Command; tipo: Tipo }) {
  const def = TIPOS[tipo];
  const qc = useQueryClient();
  const tabId = useTabId();
  const user = useAtomValue(userAtom);
  const prestadorUsuario = !!(user?.prestador || user?.prestadorAdministrativo);
  const [benef, setBenef] = useState<Option | null>(null);
  const [solicitante, setSolicitante] = useState('');
  const [executante, setExecutante] = useState('');
  const [prof, setProf] = useState<ProfissionalOpcao | null>(null);
  const [cbo, setCbo] = useState('');
  const [carater, setCarater] = useState<'1' | '2'>('1');
  const [indicacao, setIndicacao] = useState('');
  const [cid, setCid] = useState('');
  const [referencia, setReferencia] = useState<Option | null>(null);
  const [itens, setItens] = useState<ItemRow[]>([vazio()]);
  const [anexos, setAnexos] = useState<AnexoEscolhido[]>([]);
  const [erros, setErros] = useState<string[]>([]);
  const [campos, setCampos] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);

  // one Idempotency-Key per form instance: a double click or a resend after a lost answer gets the same request back
  const chave = useRef(novaChave());

  async function enviar(e: FormEvent) {
    e.preventDefault();
    const faltando: Record<string, string> = {};
    if (!benef) faltando.beneficiario = 'Escolha o beneficiário.';
    if (!prestadorUsuario) {
      const p = prestadorEscolhaSchema.safeParse({ prestadorId: solicitante });
      if (!p.success) faltando.solicitante = p.error.issues[0].message;
    }
    if (!prof) faltando.profissional = 'Escolha o profissional solicitante.';
    if (exigeReferencia(tipo) && !referencia) faltando.referencia = 'Informe a guia referenciada.';
    if (exigePedidoMedico(tipo) && !anexos.some((a) => a.tag === TAG_PEDIDO_MEDICO)) faltando.anexos = MSG_PEDIDO_MEDICO;
    // the form is noValidate (the browser's own bubbles speak English): the items are checked here, in pt-BR
    itens.forEach((it, k) => {
      const n = itens.length > 1 ? ` (procedimento ${k + 1})` : '';
      if (!it.codigo.trim()) faltando[`itens.${k}.codigo`] = `Informe o código do procedimento${n}.`;
      if (!it.descricao.trim()) faltando[`itens.${k}.descricao`] = `Informe a descrição${n}.`;
    });
    // what is missing shows beside its field and in the summary below, and leaves both once filled in
    setCampos(faltando);
    setErros([]);
    if (Object.keys(faltando).length || !benef || !prof) return;
    const body: SolicitacaoInput = {
      beneficiarioId: benef.id,
      ...(prestadorUsuario ? {} : { prestadorSolicitanteId: Number(solicitante) }),
      prestadorExecutanteId: executante ? Number(executante) : null,
      profissional: { conselho: prof.conselho, numero: prof.numero, uf: prof.uf, cbo: cbo || null },
      carater,
      indicacaoClinica: indicacao || null,
      cid: def.cid ? cid || null : null,
      referenciaId: referencia?.id ?? null,
      itens: itens.map((i) => ({ tabela: i.tabela, codigo: i.codigo, descricao: i.descricao, quantidade: Number(i.quantidade), dente: i.dente || null, face: i.face || null })),
      anexos,
    };
    setEnviando(true);
    setErros([]);
    setCampos({});
    try {
      const r = await autApi.criar(tipo, body, chave.current);
      chave.current = novaChave();
      await qc.invalidateQueries({ queryKey: ['autorizacoes', 'lista'] });
      (e.target as HTMLFormElement).reset();
      go(`${command.path}?id=${r.id}`, { tabId: tabId ?? undefined, label: `Guia ${r.numero}` });
    } catch (err) {
      setErros(err instanceof ApiError ? err.alerts.map((a) => a.value) : [(err as Error).message]);
    } finally {
      setEnviando(false);
    }
  }

  const setItem = (k: number, patch: Partial<ItemRow>) => {
    setItens(itens.map((it, j) => (j === k ? { ...it, ...patch } : it)));
    setCampos((c) => Object.fromEntries(Object.entries(c).filter(([key]) => !Object.keys(patch).some((f) => key === `itens.${k}.${f}`))));
  };
  return (
    <form className="aut-solicitacao card" onSubmit={enviar} noValidate aria-label={`Solicitação de ${def.label}`}>
      <h1 className="page-title">Solicitação de autorização — {def.label}</h1>
      <fieldset>
        <legend>Beneficiário</legend>
        <div className="aut-campo largo">
          {/* a provider finds a patient by the exact card or CPF only (the server's rule: it may not browse beneficiaries) */}
          <label htmlFor="aut-beneficiario">{prestadorUsuario ? 'Carteirinha ou CPF' : 'Nome, CPF ou carteirinha'}</label>
          <Autocomplete
            id="aut-beneficiario"
            queryKey={['autorizacoes', 'beneficiarios']}
            search={async (termo) =>
              (await autApi.beneficiarios(termo)).map((b) => ({ id: b.id, label: b.nome, detail: `Carteirinha ${b.carteirinha} · ${rotuloSituacao(b.situacao)}` }))
            }
            value={benef}
            onChange={(o) => {
              setBenef(o);
              setCampos(({ beneficiario: _, ...c }) => c);
            }}
            invalid={!!campos.beneficiario}
            placeholder={prestadorUsuario ? 'Carteirinha (16 dígitos) ou CPF do beneficiário' : 'Nome, CPF ou carteirinha (mín. 2 caracteres)'}
          />
          {benef?.detail && <small data-testid="beneficiario-escolhido">{benef.detail}</small>}
          {campos.beneficiario && <p className="field-error">{campos.beneficiario}</p>}
        </div>
      </fieldset>
      <fieldset>
        <legend>Prestadores</legend>
        {!prestadorUsuario && (
          <div className="aut-campo largo">
            <label htmlFor="aut-solicitante">Prestador solicitante *</label>
            <PrestadorPicker
              id="aut-solicitante"
              resource="prestador"
              value={solicitante}
              onChange={(v) => {
                setSolicitante(v);
                setCampos(({ solicitante: _, ...c }) => c);
              }}
              invalid={!!campos.solicitante}
            />
            {campos.solicitante && (
              <p className="field-error" data-testid="solicitante-erro">
                {campos.solicitante}
              </p>
            )}
          </div>
        )}
        <div className="aut-campo largo">
          <label htmlFor="aut-executante">Prestador executante (se outro)</label>
          <PrestadorPicker id="aut-executante" resource="prestador" value={executante} onChange={setExecutante} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Profissional solicitante</legend>
        <div className="aut-campo largo">
          <label htmlFor="aut-profissional">Nome ou número no conselho</label>
          <Autocomplete
            id="aut-profissional"
            queryKey={['autorizacoes', 'profissionais']}
            search={async (termo) =>
              (await autApi.profissionais(termo)).map((p) => ({
                id: p.id,
                label: p.nome,
                detail: [`${p.conselhoSigla} ${p.numero}/${p.uf}`, p.especialidade && `${p.especialidade}${p.cbo ? ` (CBO ${p.cbo})` : ''}`].filter(Boolean).join(' · '),
                prof: p,
              }))
            }
            value={prof ? { id: prof.id, label: prof.nome } : null}
            onChange={(o) => {
              const p = (o as (Option & { prof?: ProfissionalOpcao }) | null)?.prof ?? null;
              setProf(p);
              setCbo(p?.cbo ?? '');
              setCampos(({ profissional: _, ...c }) => c);
            }}
            invalid={!!campos.profissional}
            placeholder="Nome ou número no conselho (mín. 2 caracteres)"
          />
          {campos.profissional && <p className="field-error">{campos.profissional}</p>}
        </div>
        {prof && (
          <>
            {/* the requester's name and council come from the register (client rule: the name is read-only) */}
            <p className="aut-profissional" data-testid="profissional-escolhido">
              {prof.conselhoSigla} {prof.numero}/{prof.uf}
              {prof.especialidade && <> · {prof.especialidade}</>}
            </p>
            <label>
              CBO
              <input name="cbo" inputMode="numeric" maxLength={6} placeholder="da especialidade" value={cbo} onChange={(e) => setCbo(e.target.value.replace(/\D/g, ''))} />
            </label>
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Atendimento</legend>
        <label>
          Caráter de atendimento
          <select name="carater" value={carater} onChange={(e) => setCarater(e.target.value as '1' | '2')}>
            {CARATER.map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="largo">
          Indicação clínica
          <textarea name="indicacaoClinica" maxLength={500} rows={2} value={indicacao} onChange={(e) => setIndicacao(e.target.value)} />
        </label>
        {def.cid && (
          <label>
            CID
            <input name="cid" maxLength={4} placeholder="ex.: J069" value={cid} onChange={(e) => setCid(e.target.value.toUpperCase())} />
          </label>
        )}
        {exigeReferencia(tipo) && (
          <div className="aut-campo">
            <label htmlFor="aut-referencia">{tipo === 'PRORROGACAO' ? 'Guia de internação referenciada' : 'Guia referenciada'}</label>
            <Autocomplete
              id="aut-referencia"
              queryKey={['autorizacoes', 'guias']}
              search={async (termo) => (await autApi.guias(termo)).map((g) => ({ id: g.id, label: g.nome, detail: g.detalhe }))}
              value={referencia}
              onChange={(o) => {
                setReferencia(o);
                setCampos(({ referencia: _, ...c }) => c);
              }}
              invalid={!!campos.referencia}
              placeholder="Número da guia ou senha"
            />
            {campos.referencia && <p className="field-error">{campos.referencia}</p>}
          </div>
        )}
      </fieldset>
      <CamposClinicos tipo={tipo} />
      <fieldset>
        <legend>Procedimentos solicitados</legend>
        {itens.map((it, k) => (
          <div className="aut-item" key={k}>
            <label>
              Tabela
              <input name={`itens.${k}.tabela`} maxLength={2} value={it.tabela} onChange={(e) => setItem(k, { tabela: e.target.value })} />
            </label>
            <label>
              Código TUSS
              <input name={`itens.${k}.codigo`} required aria-invalid={!!campos[`itens.${k}.codigo`] || undefined} value={it.codigo} onChange={(e) => setItem(k, { codigo: e.target.value })} />
            </label>
            <label className="largo">
              Descrição
              <input name={`itens.${k}.descricao`} required aria-invalid={!!campos[`itens.${k}.descricao`] || undefined} value={it.descricao} onChange={(e) => setItem(k, { descricao: e.target.value })} />
            </label>
            <label>
              Quantidade
              <input name={`itens.${k}.quantidade`} type="number" min={1} max={999} value={it.quantidade} onChange={(e) => setItem(k, { quantidade: e.target.value })} />
            </label>
            {def.odonto && (
              <>
                <label>
                  Dente
                  <input name={`itens.${k}.dente`} maxLength={2} value={it.dente} onChange={(e) => setItem(k, { dente: e.target.value })} />
                </label>
                <label>
                  Face
                  <input name={`itens.${k}.face`} maxLength={5} value={it.face} onChange={(e) => setItem(k, { face: e.target.value.toUpperCase() })} />
                </label>
              </>
            )}
            {itens.length > 1 && (
              <button type="button" className="btn" onClick={() => setItens(itens.filter((_, j) => j !== k))} aria-label={`Remover procedimento ${k + 1}`}>
                Remover
              </button>
            )}
          </div>
        ))}
        <button type="button" className="btn" onClick={() => setItens([...itens, vazio()])}>
          Adicionar procedimento
        </button>
      </fieldset>
      <fieldset>
        <legend>Anexos</legend>
        <AnexosCampo
          label={exigePedidoMedico(tipo) ? 'Pedido médico e outros documentos (obrigatório: o pedido médico)' : 'Documentos (opcional)'}
          tag={TAG_PEDIDO_MEDICO}
          value={anexos}
          onChange={(v) => {
            setAnexos(v);
            setCampos(({ anexos: _, ...c }) => c);
          }}
        />
        {campos.anexos && <p className="field-error">{campos.anexos}</p>}
      </fieldset>
      {(erros.length > 0 || Object.keys(campos).length > 0) && (
        <ul role="alert" className="aut-erro">
          {[...Object.values(campos), ...erros].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn-primary" disabled={enviando}>
        Enviar solicitação
      </button>
    </form>
  );
}
