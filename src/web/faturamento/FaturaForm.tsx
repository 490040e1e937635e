import { useAtomValue } from 'jotai';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CONSELHO_SIGLA } from '../../shared/autorizacoes';
import { isoToBr, todayIso } from '../../shared/dates';
import { DIGITACAO_MSG, faturaDigitadaSchema, MAX_ITENS_FATURA, TIPOS_GUIA_DIGITADA, type AutorizacaoParaAtender, type FaturaDigitada, type TipoGuiaDigitada } from '../../shared/faturamento/digitacao';
import { formatMoney, formatMoneyPlain, parseMoney, sumMoney } from '../../shared/money';
import { UF_OPTIONS } from '../../shared/resources/define';
import { CONSELHOS } from '../../shared/resources/pessoas';
import { ApiError } from '../api/client';
import { novaChave } from '../api/chave';
import { PrestadorPicker } from '../forms/PrestadorPicker';
import '../forms/forms.css';
import { userAtom } from '../session/store';
import { Chip } from '../ui/Chip';
import { Field, FormSection, KindChoice, OptionSelect } from '../workflow/RecordForm';
import type { FormErrors } from '../workflow/useRecordForm';
import { digitacaoApi, type Origem } from './digitacao-api';
import './digitacao.css';

interface Item {
  codigo: string;
  descricao: string;
  data: string;
  quantidade: string;
  valor: string;
  /** The quantity the authorization released (null: typed here, not from it). */
  autorizada: number | null;
}

const novoItem = (data: string): Item => ({ codigo: '', descricao: '', data, quantidade: '1', valor: '', autorizada: null });
const PREFIXO = 'fat';
const hojeBr = () => isoToBr(todayIso());

/** The item's total while typing, or null while the value or the quantity cannot be read. */
function totalDe(it: Item): number | null {
  const v = parseMoney(it.valor);
  const q = Number(it.quantidade);
  return v != null && v > 0 && Number.isInteger(q) && q > 0 ? v * q : null;
}

/**
 * The bill of one executed guide (Atender Autorização, Digitar Faturas): the senha's authorization fills the
 * beneficiary, the guide, the requesting professional (the executing one starts as them) and the authorized items
 * with their quantities and values; the provider confirms the dates, the professional and the values, adds or
 * removes procedures. A consultation may be typed without senha (Digitar Faturas), by the card. Values are typed in
 * reais and sent in centavos; the shared schema checks everything here and again on the server, each refusal beside
 * its field. One Idempotency-Key per form: a double click registers one bill.
 */
export function FaturaForm({ origem, senhaInicial, onSaved }: { origem: Origem; senhaInicial?: string; onSaved: (f: FaturaDigitada) => void }) {
  const user = useAtomValue(userAtom);
  const equipe = !!user && !user.prestador && !user.prestadorAdministrativo;
  const formRef = useRef<HTMLFormElement>(null);
  const chave = useRef(novaChave());
  const [modo, setModo] = useState<'senha' | 'carteira'>('senha');
  const [senha, setSenha] = useState(senhaInicial ?? '');
  const [aut, setAut] = useState<AutorizacaoParaAtender | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [tipoGuia, setTipoGuia] = useState<TipoGuiaDigitada>(origem === 'atendimento' ? 'SP-SADT' : 'CONSULTA');
  const [carteira, setCarteira] = useState('');
  const [prestador, setPrestador] = useState('');
  const [guia, setGuia] = useState('');
  const [data, setData] = useState(hojeBr);
  const [carater, setCarater] = useState<'1' | '2'>('1');
  const [prof, setProf] = useState({ conselho: 'CRM', numero: '', uf: 'MG', cbo: '', nome: '' });
  const [itens, setItens] = useState<Item[]>(() => [novoItem(hojeBr())]);
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<FormErrors>({});
  const [geral, setGeral] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const inv = (k: string) => (erros[k] ? true : undefined);
  const limpar = (...ks: string[]) => setErros((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !ks.includes(k))));

  function mostrar(e: FormErrors) {
    setErros(e);
    const primeiro = Object.keys(e)[0];
    if (primeiro) formRef.current?.querySelector<HTMLElement>(`[data-campo="${primeiro}"] :is(input, select, textarea, button)`)?.focus();
  }

  async function buscar() {
    const s = senha.trim();
    if (!s) return mostrar({ senha: DIGITACAO_MSG.senha });
    setBuscando(true);
    setGeral(null);
    try {
      const a = await digitacaoApi.autorizacao(origem, s);
      setAut(a);
      setErros({});
      setTipoGuia(a.tipoGuia);
      setCarteira(a.numeroCarteira);
      setGuia((g) => g || a.numero);
      setCarater(a.carater);
      setProf({ conselho: CONSELHO_SIGLA[a.profissional.conselho] ?? 'CRM', numero: a.profissional.numero, uf: a.profissional.uf, cbo: a.profissional.cbo ?? '', nome: a.profissional.nome ?? '' });
      const dia = data || hojeBr();
      setItens(a.itens.length ? a.itens.map((i) => ({ codigo: i.codigo, descricao: i.descricao, data: dia, quantidade: String(i.quantidadeAutorizada), valor: formatMoneyPlain(i.valorUnitario), autorizada: i.quantidadeAutorizada })) : [novoItem(dia)]);
      // the next field to confirm: the guide number
      setTimeout(() => formRef.current?.querySelector<HTMLElement>(`#${PREFIXO}-numeroGuiaPrestador`)?.focus());
    } catch (e) {
      setAut(null);
      if (e instanceof ApiError) mostrar({ senha: e.message });
      else throw e;
    } finally {
      setBuscando(false);
    }
  }

  const porSenha = modo === 'senha';
  function corpo() {
    return {
      tipoGuia,
      senha: porSenha ? senha.trim() || null : null,
      numeroCarteira: porSenha ? aut?.numeroCarteira || null : carteira.trim() || null,
      prestadorId: equipe && !porSenha && prestador ? Number(prestador) : null,
      numeroGuiaPrestador: guia,
      dataAtendimento: data,
      carater,
      profissional: prof,
      observacao: observacao || null,
      itens: itens.map((i) => ({ codigo: i.codigo, data: i.data, quantidade: i.quantidade, valorUnitario: i.valor })),
    };
  }

  async function enviar(e: FormEvent) {
    e.preventDefault();
    if (enviando) return;
    if (porSenha && !aut) return mostrar({ senha: senha.trim() ? 'Busque a autorização da senha antes de registrar (Enter no campo).' : DIGITACAO_MSG.senha });
    const r = faturaDigitadaSchema.safeParse(corpo());
    if (!r.success) {
      const out: FormErrors = {};
      for (const i of r.error.issues) out[i.path.map(String).join('.') || 'geral'] ??= i.message;
      setGeral(null);
      return mostrar(out);
    }
    if (equipe && !porSenha && !prestador) return mostrar({ prestadorId: DIGITACAO_MSG.prestador });
    setEnviando(true);
    setGeral(null);
    try {
      const f = await digitacaoApi.registrar(origem, r.data, chave.current);
      chave.current = novaChave();
      onSaved(f);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const campos = err.fieldErrors();
      if (Object.keys(campos).length) mostrar(campos);
      else setGeral(err.message);
    } finally {
      setEnviando(false);
    }
  }

  const setItem = (i: number, patch: Partial<Item>) => {
    setItens((l) => l.map((x, j) => (j === i ? { ...x, ...patch } : x)));
    limpar(...Object.keys(patch).map((k) => `itens.${i}.${k === 'valor' ? 'valorUnitario' : k}`), 'itens');
  };
  const total = sumMoney(itens.map((i) => totalDe(i) ?? 0));
  const campo = (k: string, label: string, control: ReactNode, o: { largo?: boolean; dica?: string } = {}) => (
    <Field k={k} label={label} erros={erros} prefix={PREFIXO} {...o}>
      {control}
    </Field>
  );
  const itemErro = (i: number, k: string) => erros[`itens.${i}.${k}`];

  return (
    <form ref={formRef} className="fluxo-form card fat-form" onSubmit={enviar} noValidate aria-label={origem === 'atendimento' ? 'Atender autorização' : 'Digitar fatura'} data-testid="fatura-form">
      <h1 className="page-title">{origem === 'atendimento' ? 'Atender autorização' : 'Digitar fatura'}</h1>
      <p className="page-sub">
        {origem === 'atendimento'
          ? 'Informe a senha da guia autorizada: os dados da autorização preenchem a execução. Confira as datas, o profissional executante e os valores.'
          : 'Digite a guia executada pela senha da autorização, ou uma consulta sem senha pela carteira do beneficiário.'}{' '}
        Valores em reais, com até duas casas decimais. Campos com * são obrigatórios.
      </p>

      <FormSection
        legend="Autorização"
        before={
          origem === 'digitadas' ? (
            <KindChoice
              name="modo"
              label="Com senha ou consulta sem senha"
              options={[
                ['senha', 'Pela senha da autorização'],
                ['carteira', 'Consulta sem senha'],
              ]}
              value={modo}
              onChange={(m) => {
                setModo(m);
                setAut(null);
                setErros({});
                if (m === 'carteira') setTipoGuia('CONSULTA');
              }}
            />
          ) : undefined
        }
      >
        {porSenha ? (
          <>
            {campo(
              'senha',
              'Senha *',
              <div className="fat-busca">
                <input
                  id={`${PREFIXO}-senha`}
                  value={senha}
                  maxLength={20}
                  autoFocus
                  aria-invalid={inv('senha')}
                  onChange={(e) => (setSenha(e.target.value), limpar('senha'), aut && setAut(null))}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void buscar();
                    }
                  }}
                />
                <button type="button" className="btn" disabled={buscando} onClick={() => void buscar()}>
                  {buscando ? 'Buscando…' : 'Buscar'}
                </button>
              </div>,
              { dica: 'Enter busca a autorização.' },
            )}
            {aut && (
              <div className="fat-autorizacao largo" data-testid="autorizacao">
                <strong>
                  {aut.tipoLabel} · guia {aut.numero} <Chip tone={aut.status === 1 ? 'ok' : 'partial'}>{aut.statusLabel}</Chip>
                </strong>
                <span>
                  {aut.beneficiarioNome} · carteira {aut.numeroCarteira}
                </span>
                <span>
                  {aut.prestadorNome}
                  {aut.dataAutorizacao ? ` · autorizada em ${isoToBr(aut.dataAutorizacao)}` : ''}
                  {aut.validadeSenha ? ` · senha válida até ${isoToBr(aut.validadeSenha)}` : ''}
                </span>
                {aut.faturas.length > 0 && (
                  <span className="fat-aviso">
                    Já faturada: {aut.faturas.map((f) => `guia ${f.numeroGuiaPrestador} (${f.protocolo ? `protocolo ${f.protocolo}` : 'aberta'})`).join(', ')}.
                  </span>
                )}
              </div>
            )}
          </>
        ) : (
          <>
            {campo(
              'numeroCarteira',
              'Carteira do beneficiário *',
              <input id={`${PREFIXO}-numeroCarteira`} inputMode="numeric" maxLength={20} value={carteira} aria-invalid={inv('numeroCarteira')} onChange={(e) => (setCarteira(e.target.value.replace(/\D/g, '')), limpar('numeroCarteira'))} />,
            )}
            {equipe &&
              campo(
                'prestadorId',
                'Prestador *',
                <PrestadorPicker id={`${PREFIXO}-prestadorId`} resource="prestador" value={prestador} onChange={(v) => (setPrestador(v), limpar('prestadorId'))} invalid={!!erros.prestadorId} />,
                { largo: true },
              )}
          </>
        )}
      </FormSection>

      <FormSection legend="Guia">
        {campo(
          'tipoGuia',
          'Tipo de guia *',
          <OptionSelect id={`${PREFIXO}-tipoGuia`} value={tipoGuia} options={TIPOS_GUIA_DIGITADA.filter(([k]) => porSenha || k === 'CONSULTA')} invalid={inv('tipoGuia')} onChange={(v) => (setTipoGuia(v as TipoGuiaDigitada), limpar('tipoGuia'))} />,
          aut ? { dica: 'O tipo da guia autorizada.' } : {},
        )}
        {campo(
          'numeroGuiaPrestador',
          'Número da guia no prestador *',
          <input id={`${PREFIXO}-numeroGuiaPrestador`} maxLength={20} value={guia} aria-invalid={inv('numeroGuiaPrestador')} onChange={(e) => (setGuia(e.target.value), limpar('numeroGuiaPrestador'))} />,
        )}
        {campo(
          'dataAtendimento',
          'Data do atendimento *',
          <input
            id={`${PREFIXO}-dataAtendimento`}
            inputMode="numeric"
            placeholder="DD/MM/AAAA"
            maxLength={10}
            value={data}
            aria-invalid={inv('dataAtendimento')}
            onChange={(e) => {
              const v = e.target.value;
              // the items done the same day follow the attendance's date
              setItens((l) => l.map((i) => (i.data === data ? { ...i, data: v } : i)));
              setData(v);
              limpar('dataAtendimento');
            }}
          />,
        )}
        {campo(
          'carater',
          'Caráter do atendimento *',
          <OptionSelect
            id={`${PREFIXO}-carater`}
            value={carater}
            options={[
              ['1', 'Eletivo'],
              ['2', 'Urgência/Emergência'],
            ]}
            onChange={(v) => setCarater(v as '1' | '2')}
          />,
        )}
      </FormSection>

      <FormSection legend="Profissional executante">
        {campo('profissional.conselho', 'Conselho *', <OptionSelect id={`${PREFIXO}-profissional.conselho`} value={prof.conselho} options={CONSELHOS} onChange={(v) => (setProf({ ...prof, conselho: v }), limpar('profissional.conselho'))} />)}
        {campo(
          'profissional.numero',
          'Número no conselho *',
          <input id={`${PREFIXO}-profissional.numero`} maxLength={15} value={prof.numero} aria-invalid={inv('profissional.numero')} onChange={(e) => (setProf({ ...prof, numero: e.target.value }), limpar('profissional.numero'))} />,
        )}
        {campo(
          'profissional.uf',
          'UF do conselho *',
          <OptionSelect id={`${PREFIXO}-profissional.uf`} value={prof.uf} options={UF_OPTIONS.map(([v]) => [v, v] as const)} invalid={inv('profissional.uf')} onChange={(v) => (setProf({ ...prof, uf: v }), limpar('profissional.uf'))} />,
        )}
        {campo(
          'profissional.cbo',
          'CBO-S *',
          <input id={`${PREFIXO}-profissional.cbo`} inputMode="numeric" maxLength={6} placeholder="Ex.: 225125" value={prof.cbo} aria-invalid={inv('profissional.cbo')} onChange={(e) => (setProf({ ...prof, cbo: e.target.value.replace(/\D/g, '') }), limpar('profissional.cbo'))} />,
        )}
        {campo(
          'profissional.nome',
          'Nome do profissional',
          <input id={`${PREFIXO}-profissional.nome`} maxLength={70} value={prof.nome} onChange={(e) => setProf({ ...prof, nome: e.target.value })} />,
          { largo: true },
        )}
      </FormSection>

      <fieldset className="fluxo-secao fat-itens" data-campo="itens">
        <legend>Procedimentos executados</legend>
        <table className="fat-tabela">
          <thead>
            <tr>
              <th>#</th>
              <th>Código TUSS *</th>
              <th>Realização *</th>
              <th className="num">Qtd. *</th>
              <th className="num">Valor unitário (R$) *</th>
              <th className="num">Total</th>
              <th aria-label="Remover" />
            </tr>
          </thead>
          <tbody>
            {itens.map((it, i) => {
              const t = totalDe(it);
              const acima = it.autorizada != null && Number(it.quantidade) > it.autorizada;
              return (
                <tr key={i} data-item={i + 1}>
                  <td data-label="Item">{i + 1}</td>
                  <td data-label="Código TUSS" data-campo={`itens.${i}.codigo`}>
                    <input aria-label={`Item ${i + 1}: código TUSS`} inputMode="numeric" maxLength={8} value={it.codigo} aria-invalid={itemErro(i, 'codigo') ? true : undefined} onChange={(e) => setItem(i, { codigo: e.target.value.replace(/\D/g, ''), descricao: '', autorizada: null })} />
                    {it.descricao ? <small>{it.descricao}</small> : aut && it.codigo.length === 8 && <small className="fat-aviso">Fora da autorização: a análise propõe a glosa 1402.</small>}
                    {itemErro(i, 'codigo') && <small className="field-error" role="alert">{itemErro(i, 'codigo')}</small>}
                  </td>
                  <td data-label="Realização" data-campo={`itens.${i}.data`}>
                    <input aria-label={`Item ${i + 1}: data de realização`} inputMode="numeric" placeholder="DD/MM/AAAA" maxLength={10} value={it.data} aria-invalid={itemErro(i, 'data') ? true : undefined} onChange={(e) => setItem(i, { data: e.target.value })} />
                    {itemErro(i, 'data') && <small className="field-error" role="alert">{itemErro(i, 'data')}</small>}
                  </td>
                  <td data-label="Qtd." className="num" data-campo={`itens.${i}.quantidade`}>
                    <input aria-label={`Item ${i + 1}: quantidade`} inputMode="numeric" maxLength={3} value={it.quantidade} aria-invalid={itemErro(i, 'quantidade') ? true : undefined} onChange={(e) => setItem(i, { quantidade: e.target.value.replace(/\D/g, '') })} />
                    {it.autorizada != null && <small className={acima ? 'fat-aviso' : undefined}>autorizada: {it.autorizada}</small>}
                    {itemErro(i, 'quantidade') && <small className="field-error" role="alert">{itemErro(i, 'quantidade')}</small>}
                  </td>
                  <td data-label="Valor unitário" className="num" data-campo={`itens.${i}.valorUnitario`}>
                    <input aria-label={`Item ${i + 1}: valor unitário`} inputMode="decimal" placeholder="0,00" value={it.valor} aria-invalid={itemErro(i, 'valorUnitario') ? true : undefined} onChange={(e) => setItem(i, { valor: e.target.value })} />
                    {itemErro(i, 'valorUnitario') && <small className="field-error" role="alert">{itemErro(i, 'valorUnitario')}</small>}
                  </td>
                  <td data-label="Total" className="num" data-testid="total-item">
                    {t == null ? '—' : formatMoney(t)}
                  </td>
                  <td>
                    {itens.length > 1 && (
                      <button type="button" className="btn btn-ghost" aria-label={`Remover o item ${i + 1}`} onClick={() => (setItens((l) => l.filter((_, j) => j !== i)), setErros({}))}>
                        ×
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={5}>
                {tipoGuia === 'SP-SADT' && itens.length < MAX_ITENS_FATURA && (
                  <button type="button" className="btn" onClick={() => setItens((l) => [...l, novoItem(data)])}>
                    + Procedimento
                  </button>
                )}
                {erros.itens && (
                  <p className="field-error" role="alert" data-erro="itens">
                    {erros.itens}
                  </p>
                )}
              </td>
              <td className="num" data-testid="total-guia">
                <strong>{formatMoney(total)}</strong>
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </fieldset>

      <FormSection legend="Observação">
        {campo(
          'observacao',
          'Observação',
          <textarea id={`${PREFIXO}-observacao`} rows={2} maxLength={500} value={observacao} onChange={(e) => setObservacao(e.target.value)} />,
          { largo: true },
        )}
      </FormSection>

      {geral && (
        <p role="alert" className="fluxo-erro">
          {geral}
        </p>
      )}
      <div className="fluxo-rodape">
        <span className="fat-rodape-total">
          Total da guia <strong>{formatMoney(total)}</strong>
        </span>
        <button type="submit" className="btn btn-primary" disabled={enviando}>
          {enviando ? 'Registrando…' : origem === 'atendimento' ? 'Registrar atendimento' : 'Registrar fatura'}
        </button>
      </div>
    </form>
  );
}
