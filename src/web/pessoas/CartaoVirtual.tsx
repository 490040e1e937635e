import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDocument } from '../../shared/validation/br';
import { formatCarteirinha } from '../../shared/text';
import type { ScreenProps } from '../screens/types';
import { pessoasApi, pessoasKeys } from './api';
import { dataBr } from './Ficha';
import './pessoas.css';


/**
 * Spec §2.1 /cadastro/beneficiarios/cartaovirtual (client option beneficiario.cartaovirtual): the card a person
 * shows at a reception — name, card number, plan and validity — and prints (print CSS keeps only the card).
 * The titular may show a dependent's card.
 */
export default function CartaoVirtual({ command }: ScreenProps) {
  const [membro, setMembro] = useState<number | undefined>();
  const logado = useQuery({ queryKey: pessoasKeys.logado, queryFn: pessoasApi.logado });
  const q = useQuery({ queryKey: pessoasKeys.cartao(membro), queryFn: () => pessoasApi.cartao(membro) });
  const c = q.data;
  const familia = logado.data?.familia ?? [];
  return (
    <div className="pessoa-tela cartao-area">
      <div>
        <h1 className="page-title">{command.title}</h1>
        <p className="page-sub">Apresente este cartão na recepção do prestador, com um documento com foto.</p>
      </div>
      {familia.length > 1 && (
        <div className="field cartao-membro">
          <label htmlFor="cartao-membro">Cartão de</label>
          <select id="cartao-membro" value={membro ?? ''} onChange={(e) => setMembro(e.target.value ? Number(e.target.value) : undefined)}>
            {familia.map((m) => (
              <option key={m.id} value={m.id === logado.data?.registro.id ? '' : m.id}>
                {m.nome}
              </option>
            ))}
          </select>
        </div>
      )}
      {q.isLoading && <p className="splash">Carregando…</p>}
      {c && (
        <>
          <article className={`cartao${c.validade ? '' : ' inativo'}`} aria-label={`Cartão do beneficiário ${c.nome}`} data-testid="cartao-virtual">
            <div className="cartao-topo">
              <strong data-testid="cartao-operadora">{c.operadora.nome}</strong>
              <span data-testid="cartao-ans">ANS nº {c.operadora.registroAns}</span>
            </div>
            <div className="cartao-nome">{c.nomeSocial || c.nome}</div>
            <div className="cartao-numero" data-testid="cartao-numero">
              {formatCarteirinha(c.carteirinha)}
            </div>
            <div className="cartao-campos">
              <div>
                <span>Plano</span>
                <b>{c.plano}</b>
              </div>
              <div>
                <span>Validade</span>
                <b data-testid="cartao-validade">{c.validade ? dataBr(c.validade) : c.situacao}</b>
              </div>
              <div>
                <span>Acomodação · abrangência</span>
                <b>
                  {c.acomodacao} · {c.abrangencia}
                </b>
              </div>
              <div>
                <span>Nascimento</span>
                <b>{dataBr(c.dataNascimento)}</b>
              </div>
              <div>
                <span>Contratação</span>
                <b>{c.empresa ?? c.contratacao}</b>
              </div>
              <div>
                <span>CNS</span>
                <b>{c.cns ? formatDocument('cns', c.cns) : '—'}</b>
              </div>
              <div>
                <span>Titular</span>
                <b data-testid="cartao-titular">{c.titularNome}</b>
              </div>
              <div>
                <span>Dependência</span>
                <b>{c.titular ? 'Titular' : c.relacao}</b>
              </div>
            </div>
            <div className="cartao-rodape">
              <span>Reg. plano ANS {c.registroAnsPlano}</span>
              <span>{c.cpt ? 'CPT' : ''}</span>
              <span>Matrícula {c.matricula}</span>
            </div>
          </article>
          <div className="pessoa-acoes">
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              Imprimir cartão
            </button>
          </div>
        </>
      )}
    </div>
  );
}
