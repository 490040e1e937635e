import type { CommandPath } from '../../../commands';
import { todayIso } from '../dates';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso, type Processo } from './define';
import type { CampoLayout, Layout } from './layout';

/**
 * What a family pays in a competência (monthly fee by age band, the company's subsidy, coparticipation of the
 * month's authorized events), and the files that carry it: the payroll discount files of each client's payroll
 * system and the operator's own billing files. One calculation (src/server/financeiro/cobranca.ts), one layout
 * per file, declared here and shown on each export's screen.
 */

/** MMAAAA (the mask's raw text) → '2026-11-01'; undefined when it is not a month. */
export function competenciaIso(raw: unknown): string | undefined {
  const m = typeof raw === 'string' ? /^(\d{2})(\d{4})$/.exec(raw) : null;
  if (!m) return undefined;
  const mes = Number(m[1]);
  const ano = Number(m[2]);
  return mes >= 1 && mes <= 12 && ano >= 2000 && ano <= 2099 ? `${m[2]}-${m[1]}-01` : undefined;
}

/** '2026-11-01' → '11/2026'. */
export const competenciaBr = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const mesAtual = () => {
  const hoje = todayIso();
  return `${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`;
};

const regras = (v: Values): RuleIssue[] => (v.competencia && !competenciaIso(v.competencia) ? [{ field: 'competencia', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' }] : []);

const campos = (verba: string, digitos = 6) => ({
  competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano da cobrança (MM/AAAA).' }),
  empresa: f.ref('Empresa contratante', 'empresa', { help: 'Em branco: os titulares de todas as empresas.' }),
  produto: f.ref('Plano', 'produto', { help: 'Em branco: todos os planos.' }),
  verba: f.text('Código da verba', { max: digitos, pattern: `\\d{1,${digitos}}`, example: verba, required: true, default: verba, help: `A rubrica do desconto na folha do cliente (até ${digitos} dígitos).` }),
});

const campo = (nome: string, descricao: string, tamanho: number, formato: CampoLayout['formato'], fixo?: string): CampoLayout => ({ nome, descricao, tamanho, formato, ...(fixo ? { fixo } : {}) });

const trailer = (valor: number): CampoLayout[] => [
  campo('tipo', 'Tipo de registro', 1, 'N', '9'),
  campo('quantidade', 'Quantidade de registros de detalhe', 6, 'N'),
  campo('total', 'Soma dos valores, em centavos', valor, 'N'),
];

/** A payroll discount file: the client's layout, and the export declared over the shared parameters. */
export interface FolhaExport {
  processo: Processo;
  layout: Layout;
}

function folha(comando: CommandPath, tipo: string, descricao: string, verba: string, layout: Layout): FolhaExport {
  // the verba's size is the layout's
  const digitos = layout.registros[1].campos.find((c) => c.nome === 'verba')!.tamanho;
  return {
    layout,
    processo: defineProcesso({ comando, tipo, descricao, campos: campos(verba, digitos), regras, layouts: [layout], padroes: () => ({ competencia: mesAtual() }) }),
  };
}

const DESCONTO = 'Gera o arquivo de desconto em folha da competência: um registro por titular com a mensalidade do grupo familiar por faixa etária, menos o subsídio da empresa, mais a coparticipação dos eventos autorizados no mês (limitada ao teto mensal do plano).';

export const fopagCopasa = folha('/util/exportacao/copasa/fopag', 'folha-fopag-copasa', DESCONTO, '4521', {
  titulo: 'FOPAG COPASA (desconto em folha)',
  arquivo: 'Texto de 80 posições, ASCII, CRLF; nome FOPAG_<AAAAMM>.txt',
  registros: [
    { nome: 'Cabeçalho', campos: [campo('tipo', 'Tipo de registro', 1, 'N', '0'), campo('cnpj', 'CNPJ da operadora', 14, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('geracao', 'Data de geração', 8, 'D'), campo('filler', 'Brancos', 51, 'A')] },
    {
      nome: 'Detalhe (um por titular)',
      campos: [campo('tipo', 'Tipo de registro', 1, 'N', '1'), campo('matricula', 'Matrícula do titular', 10, 'N'), campo('cpf', 'CPF do titular', 11, 'N'), campo('nome', 'Nome do titular', 35, 'A'), campo('verba', 'Código da verba', 6, 'N'), campo('valor', 'Valor a descontar, em centavos', 11, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N')],
    },
    { nome: 'Rodapé', campos: [...trailer(13), campo('filler', 'Brancos', 60, 'A')] },
  ],
});

export const fopagDhisa = folha('/util/exportacao/dhisa/fopag-copass', 'folha-fopag-dhisa', DESCONTO, '0872', {
  titulo: 'FOPAG COPASS no layout DHISA',
  arquivo: 'Texto de 100 posições, ASCII, CRLF; nome DHISA_<AAAAMM>.txt',
  registros: [
    { nome: 'Cabeçalho', campos: [campo('tipo', 'Tipo de registro', 1, 'N', '0'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('registroAns', 'Registro ANS da operadora', 6, 'N'), campo('geracao', 'Data de geração', 8, 'D'), campo('filler', 'Brancos', 79, 'A')] },
    {
      nome: 'Detalhe (um por titular)',
      campos: [
        campo('tipo', 'Tipo de registro', 1, 'N', '1'),
        campo('cpf', 'CPF do titular', 11, 'N'),
        campo('matricula', 'Matrícula do titular', 10, 'N'),
        campo('nome', 'Nome do titular', 40, 'A'),
        campo('verba', 'Código da verba', 4, 'N'),
        campo('mensalidade', 'Mensalidade líquida do subsídio, em centavos', 11, 'N'),
        campo('coparticipacao', 'Coparticipação, em centavos', 11, 'N'),
        campo('valor', 'Valor a descontar, em centavos', 11, 'N'),
        campo('dependentes', 'Quantidade de dependentes (9: nove ou mais)', 1, 'N'),
      ],
    },
    { nome: 'Rodapé', campos: [...trailer(15), campo('filler', 'Brancos', 78, 'A')] },
  ],
});

export const descontoMensalidadeCoparticipacao = folha('/util/exportacao/desconto-mensalidade-coparticipacao', 'folha-desconto-rondo', DESCONTO, '310', {
  titulo: 'Desconto de mensalidade e coparticipação',
  arquivo: 'Texto de 90 posições, ASCII, CRLF; nome DESCONTO_<AAAAMM>.txt; mensalidade e coparticipação em registros separados',
  registros: [
    { nome: 'Cabeçalho', campos: [campo('tipo', 'Tipo de registro', 1, 'N', '0'), campo('cnpj', 'CNPJ da operadora', 14, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('filler', 'Brancos', 69, 'A')] },
    {
      nome: 'Detalhe (um por titular e parcela: 1 mensalidade, 2 coparticipação)',
      campos: [
        campo('tipo', 'Tipo de registro', 1, 'N', '1'),
        campo('cpf', 'CPF do titular', 11, 'N'),
        campo('matricula', 'Matrícula do titular', 10, 'N'),
        campo('nome', 'Nome do titular', 40, 'A'),
        campo('verba', 'Código da verba', 6, 'N'),
        campo('parcela', 'Parcela: 1 mensalidade, 2 coparticipação', 1, 'N'),
        campo('valor', 'Valor, em centavos', 11, 'N'),
        campo('competencia', 'Competência AAAAMM', 6, 'N'),
        campo('filler', 'Brancos', 4, 'A'),
      ],
    },
    { nome: 'Rodapé', campos: [...trailer(13), campo('filler', 'Brancos', 70, 'A')] },
  ],
});

export const previminas = folha('/util/exportacao/previminas', 'folha-previminas', DESCONTO, '7740', {
  titulo: 'Previminas (consignação em benefício)',
  arquivo: 'Texto de 80 posições, ASCII, CRLF; nome PREVIMINAS_<AAAAMM>.txt',
  registros: [
    { nome: 'Cabeçalho', campos: [campo('tipo', 'Tipo de registro', 1, 'N', '0'), campo('cnpj', 'CNPJ da operadora', 14, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('geracao', 'Data de geração', 8, 'D'), campo('filler', 'Brancos', 51, 'A')] },
    {
      nome: 'Detalhe (um por titular)',
      campos: [campo('tipo', 'Tipo de registro', 1, 'N', '1'), campo('cpf', 'CPF do titular', 11, 'N'), campo('nome', 'Nome do titular', 38, 'A'), campo('verba', 'Código da verba', 4, 'N'), campo('valor', 'Valor a descontar, em centavos', 11, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('planoAns', 'Registro do plano na ANS', 9, 'N')],
    },
    { nome: 'Rodapé', campos: [...trailer(13), campo('filler', 'Brancos', 60, 'A')] },
  ],
});

/** The operator's own monthly billing file (pjf): every member's fee, per family, with the family's total. */
export const LAYOUT_MENSALIDADE: Layout = {
  titulo: 'Mensalidades da competência',
  arquivo: 'Texto de 100 posições, ASCII, CRLF; nome MENSALIDADE_<AAAAMM>.txt',
  registros: [
    { nome: 'Cabeçalho', campos: [campo('tipo', 'Tipo de registro', 1, 'N', '0'), campo('registroAns', 'Registro ANS da operadora', 6, 'N'), campo('competencia', 'Competência AAAAMM', 6, 'N'), campo('geracao', 'Data de geração', 8, 'D'), campo('filler', 'Brancos', 79, 'A')] },
    {
      nome: 'Beneficiário (um por membro do grupo familiar)',
      campos: [
        campo('tipo', 'Tipo de registro', 1, 'N', '1'),
        campo('matriculaTitular', 'Matrícula do titular', 10, 'N'),
        campo('matricula', 'Matrícula do beneficiário', 10, 'N'),
        campo('nome', 'Nome do beneficiário', 40, 'A'),
        campo('relacao', 'Relação de dependência (1 titular)', 2, 'N'),
        campo('idade', 'Idade no 1º dia da competência', 3, 'N'),
        campo('mensalidade', 'Mensalidade pela faixa etária, em centavos', 11, 'N'),
        campo('coparticipacao', 'Coparticipação, em centavos', 11, 'N'),
        campo('filler', 'Brancos', 12, 'A'),
      ],
    },
    {
      nome: 'Total da família',
      campos: [
        campo('tipo', 'Tipo de registro', 1, 'N', '2'),
        campo('matriculaTitular', 'Matrícula do titular', 10, 'N'),
        campo('mensalidade', 'Mensalidades, em centavos', 11, 'N'),
        campo('subsidio', 'Subsídio da empresa, em centavos', 11, 'N'),
        campo('coparticipacao', 'Coparticipação, em centavos', 11, 'N'),
        campo('valor', 'Valor a cobrar, em centavos', 11, 'N'),
        campo('filler', 'Brancos', 45, 'A'),
      ],
    },
    { nome: 'Rodapé', campos: [...trailer(15), campo('filler', 'Brancos', 78, 'A')] },
  ],
};

export const exportacaoMensalidade = defineProcesso({
  comando: '/util/exportacao/mensalidade',
  tipo: 'folha-mensalidade',
  descricao: 'Gera o arquivo das mensalidades da competência: a de cada beneficiário pela faixa etária do seu plano, a coparticipação dos eventos autorizados no mês e, por família, o subsídio da empresa e o total a cobrar.',
  campos: { competencia: campos('').competencia, empresa: campos('').empresa, produto: campos('').produto },
  regras,
  layouts: [LAYOUT_MENSALIDADE],
  padroes: () => ({ competencia: mesAtual() }),
});

/** Coparticipation events of the competência (pjf): one line per charged item, CSV for the client's conference. */
export const exportacaoCoparticipacao = defineProcesso({
  comando: '/util/exportacao/coparticipacao',
  tipo: 'folha-coparticipacao',
  descricao: 'Gera a planilha (CSV) dos eventos com coparticipação na competência: guia, procedimento, valor do evento, regra aplicada, valor cobrado e o limite mensal do plano quando ele corta a cobrança.',
  campos: { competencia: campos('').competencia, empresa: campos('').empresa, produto: campos('').produto },
  regras,
  padroes: () => ({ competencia: mesAtual() }),
});

export const FOLHAS: readonly FolhaExport[] = [fopagCopasa, fopagDhisa, descontoMensalidadeCoparticipacao, previminas];
