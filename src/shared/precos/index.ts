import { f, type RuleIssue, type Values } from '../resources/define';
import type { Centavos } from '../money';
import type { Processo } from '../processos/define';
import { GRAUS_PARTICIPACAO, TECNICAS, VIAS_ACESSO, type Passo, type Preco } from './calculo';

/**
 * Cálculo de Procedimento (/util/analise/calculo-procedimento): the parameters of one price, declared once with the
 * field DSL (the screen's form and the API parse them with the same schema, `paramsSchema`).
 */
const HORA = /^([01]\d|2[0-3])[0-5]\d$/;

export const CALCULO: Pick<Processo, 'campos' | 'regras'> = {
  campos: {
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', required: true, help: 'A tabela de preços e a classe de preço do contrato do prestador valem no cálculo.' }),
    procedimento: f.ref('Procedimento TUSS', 'procedimento', { picker: 'autocomplete', required: true, help: 'Digite o código TUSS ou parte da descrição.' }),
    data: f.date('Data do atendimento', { required: true, help: 'Valem as tabelas e percentuais em vigência nesta data.' }),
    quantidade: f.integer('Quantidade', { min: 1, max: 999, required: true, default: 1 }),
    grauParticipacao: f.enum('Função executante', GRAUS_PARTICIPACAO, { help: 'Em branco: o procedimento sem percentual de função (honorário integral).' }),
    viaAcesso: f.enum('Via de acesso', VIAS_ACESSO, { help: 'Em branco: sem percentual por via de acesso.' }),
    tecnica: f.enum('Técnica', TECNICAS, { when: { field: 'viaAcesso', in: ['1', '2', '3'] }, default: '1' }),
    urgencia: f.boolean('Urgência/emergência', { help: 'Caráter de atendimento 2: aplica a taxa de urgência da faixa de dia e hora.' }),
    hora: f.text('Hora do atendimento', { max: 4, mask: '##:##', when: { field: 'urgencia', in: ['true'] } }),
    produto: f.ref('Plano do beneficiário', 'produto', { help: 'Opcional: mostra a cobertura e a coparticipação do acordo padrão do plano.' }),
  },
  regras: (v: Values) => {
    const out: RuleIssue[] = [];
    if (v.urgencia === true) {
      if (typeof v.hora !== 'string' || !v.hora) out.push({ field: 'hora', message: 'Informe a hora do atendimento: a taxa de urgência depende dela.' });
      else if (!HORA.test(v.hora)) out.push({ field: 'hora', message: 'Informe a hora como HH:MM, de 00:00 a 23:59.' });
    }
    return out;
  },
};

export interface CalculoParams {
  prestador: number;
  procedimento: number;
  data: string;
  quantidade: number;
  grauParticipacao: string | null;
  viaAcesso: string | null;
  tecnica: string | null;
  urgencia: boolean | null;
  hora: string | null;
  produto: number | null;
}

/** What the API answers: who, what, when, the price with each rule, and the plan's share when a plan was given. */
export interface CalculoResposta {
  prestador: { id: number; nome: string; tabela: string | null; classe: string | null };
  procedimento: { codigo: string; descricao: string; porte: string | null };
  data: string;
  preco: Preco;
  coparticipacao: { passos: Passo[]; notas: string[]; valor: Centavos | null } | null;
}
