import { labelOf as label } from '../../shared/text';
import { sql } from 'drizzle-orm';
import { LAYOUT_EMBOSSING, nomeNoCartao } from '../../shared/processos/cartoes';
import { linha } from '../../shared/processos/layout';
import { RELACOES_DEPENDENCIA } from '../../shared/resources/pessoas';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { ABRANGENCIA, ACOMODACAO, CONTRATACAO } from '../pessoas/cadastro';
import type { CartaoImpresso } from './pdf';

/** What a card prints, read for a batch of beneficiaries: the person, the plan, the company, the next issue number. */
export interface DadosCartao {
  id: number;
  nome: string;
  carteirinha: string;
  matricula: string;
  cns: string | null;
  data_nascimento: string;
  relacao_dependencia: string;
  cpt: boolean;
  plano: string;
  registro_ans: string;
  acomodacao: string;
  abrangencia: string;
  contratacao: string;
  empresa: string | null;
  /** The issue this card would be: the last one + 1. */
  via: number;
}

export function dadosDeCartao(db: Db, ids: number[]): Promise<DadosCartao[]> {
  if (!ids.length) return Promise.resolve([]);
  return query<DadosCartao>(
    db,
    sql`select b.id, b.nome, b.carteirinha, b.matricula, b.cns, b.data_nascimento, b.relacao_dependencia, b.cpt,
          p.nome as plano, p.registro_ans, p.acomodacao, p.abrangencia, p.contratacao, e.razao_social as empresa,
          coalesce((select max(c.via) from cartoes c where c.beneficiario_id = b.id), 0)::int + 1 as via
        from beneficiarios b join produtos p on p.id = b.produto left join empresas e on e.id = b.empresa
        where b.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
}

const dia = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export function cartaoImpresso(l: DadosCartao, validade: string, via = l.via): CartaoImpresso {
  return {
    nome: l.nome,
    carteirinha: l.carteirinha,
    plano: l.plano,
    registroAnsPlano: l.registro_ans,
    acomodacao: ACOMODACAO[l.acomodacao] ?? l.acomodacao,
    abrangencia: ABRANGENCIA[l.abrangencia] ?? l.abrangencia,
    contratacao: CONTRATACAO[l.contratacao] ?? l.contratacao,
    empresa: l.empresa,
    dataNascimento: dia(l.data_nascimento),
    validade,
    cns: l.cns,
    via,
    relacao: label(RELACOES_DEPENDENCIA, l.relacao_dependencia),
    titular: l.relacao_dependencia === '1',
    cpt: l.cpt === true,
  };
}

/** The card's detail line of the embossing file (LAYOUT_EMBOSSING). */
export const linhaEmbossing = (c: CartaoImpresso, matricula: string) =>
  linha(LAYOUT_EMBOSSING.registros[0], {
    carteirinha: c.carteirinha,
    nome: nomeNoCartao(c.nome),
    matricula,
    nascimento: c.dataNascimento,
    validade: c.validade,
    via: c.via,
    cns: c.cns,
    plano: c.plano,
    registroAnsPlano: c.registroAnsPlano,
    acomodacao: c.acomodacao,
    empresa: c.empresa,
    titular: c.titular ? 'T' : 'D',
  });

export const trailerEmbossing = (quantidade: number, geracao: string, registroAnsOperadora: string) =>
  linha(LAYOUT_EMBOSSING.registros[1], { quantidade, geracao, registroAnsOperadora });

/** The file as the printer reads it: ASCII lines ended by CRLF. */
export const arquivoEmbossing = (linhas: string[]) => new TextEncoder().encode(`${linhas.join('\r\n')}\r\n`);
