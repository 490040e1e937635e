import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Command } from '../../../commands';
import { CARATER, TAG_PEDIDO_MEDICO, TIPOS, type SolicitacaoInput, type Tipo } from '../../shared/autorizacoes';
import { ApiError } from '../api/client';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { autApi } from './api';

interface ItemRow {
  tabela: string;
  codigo: string;
  descricao: string;
  quantidade: string;
  dente: string;
  face: string;
}
const vazio = (odonto: boolean): ItemRow => ({ tabela: odonto ? '90' : '22', codigo: '', descricao: '', quantidade: '1', dente: '', face: '' });

/**
 * The provider's request form of one guide type: beneficiary (name or card), requesting professional (council,
 * number, UF, CBO), caráter, clinical indication, CID where the type has it, the items, and the medical order
 * attachment (tagged autorizacao_pedido_medico). The answer says whether it was authorized at once or went to audit.
 */
export function Solicitacao({ command, tipo }: { command: Command; tipo: Tipo }) {
  const def = TIPOS[tipo];
  const qc = useQueryClient();
  const tabId = useTabId();
  const [termo, setTermo] = useState('');
  const [opcoes, setOpcoes] = useState<{ id: number; nome: string; carteirinha: string; situacao: string }[]>([]);
  const [benef, setBenef] = useState<{ id: number; nome: string; carteirinha: string } | null>(null);
  const [prof, setProf] = useState({ conselho: def.odonto ? '08' : '06', numero: '', uf: 'MG', cbo: '' });
  const [carater, setCarater] = useState<'1' | '2'>('1');
  const [indicacao, setIndicacao] = useState('');
  const [cid, setCid] = useState('');
  const [referencia, setReferencia] = useState('');
  const [itens, setItens] = useState<ItemRow[]>([vazio(def.odonto)]);
  const [anexo, setAnexo] = useState('');
  const [erros, setErros] = useState<string[]>([]);
  const [enviando, setEnviando] = useState(false);

  async function buscar() {
    if (termo.trim().length < 2) return;
    try {
      setOpcoes(await autApi.beneficiarios(termo.trim()));
    } catch (e) {
      setErros([(e as Error).message]);
    }
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (!benef) return setErros(['Escolha o beneficiário.']);
    const body: SolicitacaoInput = {
      beneficiarioId: benef.id,
      profissional: { conselho: prof.conselho, numero: prof.numero, uf: prof.uf, cbo: prof.cbo || null },
      carater,
      indicacaoClinica: indicacao || null,
      cid: def.cid ? cid || null : null,
      referenciaId: referencia ? Number(referencia) : null,
      itens: itens.map((i) => ({ tabela: i.tabela, codigo: i.codigo, descricao: i.descricao, quantidade: Number(i.quantidade), dente: i.dente || null, face: i.face || null })),
      anexos: anexo ? [{ nome: anexo, tipoDocumento: '03', tag: TAG_PEDIDO_MEDICO, tamanho: 0 }] : [],
    };
    setEnviando(true);
    setErros([]);
    try {
      const r = await autApi.criar(tipo, body);
      await qc.invalidateQueries({ queryKey: ['autorizacoes', 'lista'] });
      (e.target as HTMLFormElement).reset();
      go(`${command.path}?id=${r.id}`, { tabId: tabId ?? undefined, label: `Guia ${r.numero}` });
    } catch (err) {
      setErros(err instanceof ApiError ? err.alerts.map((a) => a.value) : [(err as Error).message]);
    } finally {
      setEnviando(false);
    }
  }

  const setItem = (k: number, patch: Partial<ItemRow>) => setItens(itens.map((it, j) => (j === k ? { ...it, ...patch } : it)));
  return (
    <form className="aut-solicitacao card" onSubmit={enviar} aria-label={`Solicitação de ${def.label}`}>
      <h1 className="page-title">Solicitação de autorização — {def.label}</h1>
      <fieldset>
        <legend>Beneficiário</legend>
        {benef ? (
          <p data-testid="beneficiario-escolhido">
            {benef.nome} — carteirinha {benef.carteirinha}{' '}
            <button type="button" className="btn" onClick={() => setBenef(null)}>
              Trocar
            </button>
          </p>
        ) : (
          <>
            <label>
              Nome ou carteirinha
              <input name="termo" value={termo} onChange={(e) => setTermo(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void buscar())} />
            </label>
            <button type="button" className="btn" onClick={() => void buscar()}>
              Buscar
            </button>
            <ul className="aut-opcoes">
              {opcoes.map((o) => (
                <li key={o.id}>
                  <button type="button" className="btn" onClick={() => setBenef(o)}>
                    {o.nome} — {o.carteirinha} ({o.situacao.toLowerCase()})
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Profissional solicitante</legend>
        <label>
          Conselho
          <select name="conselho" value={prof.conselho} onChange={(e) => setProf({ ...prof, conselho: e.target.value })}>
            <option value="06">CRM</option>
            <option value="08">CRO</option>
            <option value="02">COREN</option>
            <option value="05">CREFITO</option>
            <option value="09">CRP</option>
          </select>
        </label>
        <label>
          Número no conselho
          <input name="numeroConselho" required value={prof.numero} onChange={(e) => setProf({ ...prof, numero: e.target.value })} />
        </label>
        <label>
          UF
          <input name="ufConselho" required maxLength={2} value={prof.uf} onChange={(e) => setProf({ ...prof, uf: e.target.value.toUpperCase() })} />
        </label>
        <label>
          CBO
          <input name="cbo" inputMode="numeric" maxLength={6} placeholder="da especialidade" value={prof.cbo} onChange={(e) => setProf({ ...prof, cbo: e.target.value })} />
        </label>
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
        {(tipo === 'PRORROGACAO' || tipo.startsWith('ANEXO_')) && (
          <label>
            Guia referenciada (id)
            <input name="referenciaId" inputMode="numeric" value={referencia} onChange={(e) => setReferencia(e.target.value)} />
          </label>
        )}
      </fieldset>
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
              <input name={`itens.${k}.codigo`} required value={it.codigo} onChange={(e) => setItem(k, { codigo: e.target.value })} />
            </label>
            <label className="largo">
              Descrição
              <input name={`itens.${k}.descricao`} required value={it.descricao} onChange={(e) => setItem(k, { descricao: e.target.value })} />
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
        <button type="button" className="btn" onClick={() => setItens([...itens, vazio(def.odonto)])}>
          Adicionar procedimento
        </button>
      </fieldset>
      <fieldset>
        <legend>Anexos</legend>
        <label className="largo">
          Pedido médico (nome do arquivo, etiqueta {TAG_PEDIDO_MEDICO})
          <input name="anexo" value={anexo} onChange={(e) => setAnexo(e.target.value)} placeholder="pedido-medico.pdf" />
        </label>
      </fieldset>
      {erros.length > 0 && (
        <ul role="alert" className="aut-erro">
          {erros.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn primary" disabled={enviando}>
        Enviar solicitação
      </button>
    </form>
  );
}
