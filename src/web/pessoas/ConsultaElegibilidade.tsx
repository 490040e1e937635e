import { useState, type FormEvent } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import type { Elegibilidade } from '../../shared/pessoas';
import { applyMask } from '../../shared/resources/masks';
import { checkDocument, rawDocument } from '../../shared/validation/br';
import { ApiError } from '../api/client';
import type { ScreenProps } from '../screens/types';
import { pessoasApi } from './api';
import { dataBr } from './Ficha';
import './pessoas.css';

const MASCARA = { carteirinha: '#### #### #### ####', cpf: '###.###.###-##' } as const;

/**
 * Spec §2.1 /cadastro/consulta-elegibilidade: by card number or CPF, whether the beneficiary may be attended today,
 * and why not (inactive, suspended, in a carence period) with the client's messages (spec §8).
 */
export default function ConsultaElegibilidade({ command }: ScreenProps) {
  const [tipo, setTipo] = useState<'carteirinha' | 'cpf'>('carteirinha');
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [resposta, setResposta] = useState<Elegibilidade | null>(null);
  const [buscando, setBuscando] = useState(false);

  async function consultar(e: FormEvent) {
    e.preventDefault();
    setErro(null);
    // an answer stays only beside the query that produced it: a new query that fails must not leave the old one shown
    setResposta(null);
    const raw = valor.replace(/\D/g, '');
    if (!raw) return setErro(tipo === 'cpf' ? 'Informe o CPF do beneficiário.' : 'Informe o número da carteirinha.');
    if (tipo === 'cpf') {
      const msg = checkDocument('cpf', rawDocument('cpf', valor));
      if (msg) return setErro(msg);
    } else if (raw.length !== 16) return setErro('Carteirinha inválida: informe os 16 dígitos do cartão.');
    setBuscando(true);
    try {
      setResposta(await pessoasApi.elegibilidade({ [tipo]: raw }));
    } catch (err) {
      if (err instanceof ApiError) setErro(err.alerts.map((a) => a.value).join(' '));
    } finally {
      setBuscando(false);
    }
  }

  const b = resposta?.beneficiario;
  return (
    <div className="pessoa-tela">
      <h1 className="page-title">{command.title}</h1>
      <p className="page-sub">Informe a carteirinha ou o CPF para saber se o beneficiário pode ser atendido hoje.</p>
      <form className="eleg-form ficha-secao" onSubmit={consultar} noValidate role="search" aria-label="Consultar elegibilidade">
        <div className="field">
          <label htmlFor="eleg-tipo">Consultar por</label>
          <select
            id="eleg-tipo"
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value as typeof tipo);
              setValor('');
              setErro(null);
            }}
          >
            <option value="carteirinha">Carteirinha</option>
            <option value="cpf">CPF</option>
          </select>
        </div>
        <div className="field" style={{ minWidth: 260 }}>
          <label htmlFor="eleg-valor">{tipo === 'cpf' ? 'CPF' : 'Número da carteirinha'}</label>
          <input
            id="eleg-valor"
            inputMode="numeric"
            autoComplete="off"
            value={valor}
            placeholder={MASCARA[tipo].replace(/#/g, '0')}
            maxLength={MASCARA[tipo].length}
            aria-invalid={!!erro || undefined}
            aria-describedby={erro ? 'eleg-erro' : undefined}
            onChange={(e) => setValor(applyMask(MASCARA[tipo], e.target.value))}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={buscando}>
          {buscando ? 'Consultando…' : 'Consultar'}
        </button>
        {erro && (
          <p className="field-error" role="alert" id="eleg-erro" style={{ flexBasis: '100%' }}>
            {erro}
          </p>
        )}
      </form>
      {resposta && b && (
        <section className={`eleg-resposta ${resposta.elegivel ? 'sim' : 'nao'}`} aria-live="polite" data-testid="elegibilidade" data-motivo={resposta.motivo}>
          <p className="eleg-status">
            {resposta.elegivel ? <CircleCheck size={28} aria-hidden /> : <CircleX size={28} aria-hidden />}
            {resposta.elegivel ? 'Elegível para atendimento' : 'Não elegível para atendimento'}
          </p>
          <p className="eleg-mensagem" data-testid="elegibilidade-mensagem">
            {resposta.mensagem}
          </p>
          <dl>
            <div>
              <dt>Beneficiário</dt>
              <dd>{b.nome}</dd>
            </div>
            <div>
              <dt>Carteirinha</dt>
              <dd>{applyMask(MASCARA.carteirinha, b.carteirinha)}</dd>
            </div>
            <div>
              <dt>Plano</dt>
              <dd>
                {b.plano} <small>(ANS {b.registroAnsPlano})</small>
              </dd>
            </div>
            <div>
              <dt>Acomodação</dt>
              <dd>{b.acomodacao || '—'}</dd>
            </div>
            <div>
              <dt>Situação</dt>
              <dd>{b.situacao}</dd>
            </div>
            <div>
              <dt>Fim da carência</dt>
              <dd>{dataBr(b.fimCarencia) || '—'}</dd>
            </div>
          </dl>
          {resposta.observacoes.length > 0 && (
            <ul className="eleg-obs">
              {resposta.observacoes.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          )}
          <p className="eleg-rodape">Consulta feita em {new Date(resposta.consultadaEm).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })}.</p>
        </section>
      )}
    </div>
  );
}
