import type { CommandPath } from '../../../commands';
import { todayIso } from '../dates';
import { f, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso, type Processo } from './define';
import type { CampoLayout, Layout, RegistroLayout } from './layout';

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

export const mesAtual = () => {
  const hoje = todayIso();
  return `${hoje.slice(5, 7)}/${hoje.slice(0, 4)}`;
};

export const regras = (v: Values): RuleIssue[] => (v.competencia && !competenciaIso(v.competencia) ? [{ field: 'competencia', message: 'Competência inválida: informe mês (01 a 12) e ano, como MM/AAAA.' }] : []);

export const campos = (verba: string, digitos = 6) => ({
  competencia: f.text('Competência', { max: 6, mask: '##/####', required: true, help: 'Mês e ano da cobrança (MM/AAAA).' }),
  empresa: f.ref('Empresa contratante', 'empresa', { help: 'Em branco: os titulares de todas as empresas.' }),
  produto: f.ref('Plano', 'produto', { help: 'Em branco: todos os planos.' }),
  verba: f.text('Código da verba', { max: digitos, pattern: `\\d{1,${digitos}}`, example: verba, required: true, default: verba, help: `A rubrica do desconto na folha do cliente (até ${digitos} dígitos).` }),
});

export const campo = (nome: string, descricao: string, tamanho: number, formato: CampoLayout['formato'], fixo?: string): CampoLayout => ({ nome, descricao, tamanho, formato, ...(fixo ? { fixo } : {}) });

// the fields most payroll layouts share
export const TIPO = (t: string) => campo('tipo', 'Tipo de registro', 1, 'N', t);
export const CNPJ = campo('cnpj', 'CNPJ da operadora', 14, 'N');
export const REG_ANS = campo('registroAns', 'Registro ANS da operadora', 6, 'N');
export const COMPETENCIA = campo('competencia', 'Competência AAAAMM', 6, 'N');
export const GERACAO = campo('geracao', 'Data de geração', 8, 'D');
const CPF = (quem = 'do titular') => campo('cpf', `CPF ${quem}`, 11, 'N');
const MATRICULA = campo('matricula', 'Matrícula do titular', 10, 'N');
const NOME = (tamanho: number, quem = 'do titular') => campo('nome', `Nome ${quem}`, tamanho, 'A');
const VERBA = (tamanho: number, descricao = 'Código da verba') => campo('verba', descricao, tamanho, 'N');
const VALOR = (descricao = 'Valor a descontar, em centavos') => campo('valor', descricao, 11, 'V');
const DEPENDENTES = campo('dependentes', 'Quantidade de dependentes (9: nove ou mais)', 1, 'N');

/** A record of a layout `largura` wide: its fields, then blanks up to the width (a field too many fails here, at load). */
export function reg(nome: string, largura: number, campos: CampoLayout[]): RegistroLayout {
  const usado = campos.reduce((n, c) => n + c.tamanho, 0);
  if (usado > largura) throw new Error(`${nome}: ${usado} posições para ${largura}`);
  return { nome, campos: usado < largura ? [...campos, campo('filler', 'Brancos', largura - usado, 'A')] : campos };
}
export const cabecalho = (largura: number, ...campos: CampoLayout[]) => reg('Cabeçalho', largura, [TIPO('0'), ...campos]);
export const rodape = (largura: number, total: number) =>
  reg('Rodapé', largura, [TIPO('9'), campo('quantidade', 'Quantidade de registros de detalhe', 6, 'N'), campo('total', 'Soma dos valores, em centavos', total, 'V')]);
const POR_TITULAR = 'Detalhe (um por titular)';

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
    processo: defineProcesso({ comando, tipo, descricao, campos: campos(verba, digitos), regras, previa: true, layouts: [layout], padroes: () => ({ competencia: mesAtual() }) }),
  };
}

const DESCONTO = 'Gera o arquivo de desconto em folha da competência: um registro por titular com a mensalidade do grupo familiar por faixa etária, menos o subsídio da empresa, mais a coparticipação dos eventos autorizados no mês (limitada ao teto mensal do plano).';
export const arquivo = (largura: number, nome: string, mais = '') => `Texto de ${largura} posições, ASCII, CRLF; nome ${nome}_<AAAAMM>.txt${mais}`;

export const fopagCopasa = folha('/util/exportacao/copasa/fopag', 'folha-fopag-copasa', DESCONTO, '4521', {
  titulo: 'FOPAG COPASA (desconto em folha)',
  arquivo: arquivo(80, 'FOPAG'),
  registros: [cabecalho(80, CNPJ, COMPETENCIA, GERACAO), reg(POR_TITULAR, 80, [TIPO('1'), MATRICULA, CPF(), NOME(35), VERBA(6), VALOR(), COMPETENCIA]), rodape(80, 13)],
});

export const fopagDhisa = folha('/util/exportacao/dhisa/fopag-copass', 'folha-fopag-dhisa', DESCONTO, '0872', {
  titulo: 'FOPAG COPASS no layout DHISA',
  arquivo: arquivo(100, 'DHISA'),
  registros: [
    cabecalho(100, COMPETENCIA, REG_ANS, GERACAO),
    reg(POR_TITULAR, 100, [
      TIPO('1'),
      CPF(),
      MATRICULA,
      NOME(40),
      VERBA(4),
      campo('mensalidade', 'Mensalidade líquida do subsídio, em centavos', 11, 'V'),
      campo('coparticipacao', 'Coparticipação, em centavos', 11, 'V'),
      VALOR(),
      DEPENDENTES,
    ]),
    rodape(100, 15),
  ],
});

export const descontoMensalidadeCoparticipacao = folha('/util/exportacao/desconto-mensalidade-coparticipacao', 'folha-desconto-rondo', DESCONTO, '310', {
  titulo: 'Desconto de mensalidade e coparticipação',
  arquivo: arquivo(90, 'DESCONTO', '; mensalidade e coparticipação em registros separados'),
  registros: [
    cabecalho(90, CNPJ, COMPETENCIA),
    reg('Detalhe (um por titular e parcela: 1 mensalidade, 2 coparticipação)', 90, [
      TIPO('1'),
      CPF(),
      MATRICULA,
      NOME(40),
      VERBA(6),
      campo('parcela', 'Parcela: 1 mensalidade, 2 coparticipação', 1, 'N'),
      VALOR('Valor, em centavos'),
      COMPETENCIA,
    ]),
    rodape(90, 13),
  ],
});

export const previminas = folha('/util/exportacao/previminas', 'folha-previminas', DESCONTO, '7740', {
  titulo: 'Previminas (consignação em benefício)',
  arquivo: arquivo(80, 'PREVIMINAS'),
  registros: [
    cabecalho(80, CNPJ, COMPETENCIA, GERACAO),
    reg(POR_TITULAR, 80, [TIPO('1'), CPF(), NOME(38), VERBA(4), VALOR(), COMPETENCIA, campo('planoAns', 'Registro do plano na ANS', 9, 'N')]),
    rodape(80, 13),
  ],
});

export const econsig = folha('/util/exportacao/econsig', 'folha-econsig', DESCONTO, '5210', {
  titulo: 'eConsig (movimento de consignações)',
  arquivo: arquivo(90, 'ECONSIG'),
  registros: [
    cabecalho(90, { ...CNPJ, descricao: 'CNPJ da consignatária (operadora)' }, COMPETENCIA, GERACAO),
    reg(POR_TITULAR, 90, [
      TIPO('1'),
      CPF('do servidor'),
      { ...MATRICULA, descricao: 'Matrícula do titular no plano' },
      VERBA(5, 'Código do serviço'),
      campo('operacao', 'Operação: I inclusão', 1, 'A', 'I'),
      VALOR('Valor da parcela, em centavos'),
      campo('prazo', 'Prazo (999: indeterminado)', 3, 'N', '999'),
      { ...COMPETENCIA, descricao: 'Competência inicial AAAAMM' },
      NOME(42, 'do servidor'),
    ]),
    rodape(90, 13),
  ],
});

export const siape = folha('/util/exportacao/siape', 'folha-siape', DESCONTO, '34613', {
  titulo: 'SIAPE (consignação em folha do servidor federal)',
  arquivo: arquivo(80, 'SIAPE', '; layout desta operadora, conferir com o órgão antes de enviar'),
  registros: [
    cabecalho(80, CNPJ, COMPETENCIA, GERACAO),
    reg(POR_TITULAR, 80, [
      TIPO('1'),
      CPF('do servidor'),
      VERBA(5, 'Rubrica'),
      campo('sequencia', 'Sequência da rubrica', 1, 'N', '1'),
      VALOR('Valor, em centavos'),
      COMPETENCIA,
      NOME(35, 'do servidor'),
      { ...MATRICULA, descricao: 'Matrícula do titular no plano' },
    ]),
    rodape(80, 13),
  ],
});

export const impro = folha('/util/exportacao/impro', 'folha-impro', DESCONTO, '0415', {
  titulo: 'IMPRO (folha de pagamento)',
  arquivo: arquivo(70, 'IMPRO'),
  registros: [cabecalho(70, COMPETENCIA, GERACAO), reg(POR_TITULAR, 70, [TIPO('1'), MATRICULA, VERBA(4, 'Evento da folha'), VALOR('Valor, em centavos'), CPF(), NOME(33)]), rodape(70, 13)],
});

export const elotech = folha('/util/exportacao/elotech', 'folha-elotech', DESCONTO, '920', {
  titulo: 'Elotech (folha municipal)',
  arquivo: arquivo(80, 'ELOTECH'),
  registros: [
    cabecalho(80, CNPJ, COMPETENCIA),
    reg(POR_TITULAR, 80, [TIPO('1'), CPF('do servidor'), { ...MATRICULA, descricao: 'Matrícula do titular no plano' }, VERBA(6, 'Código do desconto'), VALOR('Valor, em centavos'), DEPENDENTES, NOME(40, 'do servidor')]),
    rodape(80, 13),
  ],
});

/** What each servidor has consigned in the competência, and the coparticipation the monthly ceiling left out (the balance still owed). */
export const saldoConsignado = folha(
  '/util/exportacao/saldo-consignado',
  'folha-saldo-consignado',
  'Gera o arquivo do saldo consignado da competência: por titular, a mensalidade líquida do subsídio e a coparticipação consignadas, o total, e a coparticipação acima do teto mensal do plano, que não entrou no desconto e fica como saldo a consignar.',
  '4522',
  {
    titulo: 'Saldo consignado',
    arquivo: arquivo(120, 'CONSIGNADO'),
    registros: [
      cabecalho(120, CNPJ, COMPETENCIA, GERACAO),
      reg(POR_TITULAR, 120, [
        TIPO('1'),
        CPF('do servidor'),
        MATRICULA,
        NOME(35, 'do servidor'),
        VERBA(4),
        campo('mensalidade', 'Mensalidade líquida do subsídio, em centavos', 11, 'V'),
        campo('coparticipacao', 'Coparticipação consignada, em centavos', 11, 'V'),
        VALOR('Valor consignado na competência, em centavos'),
        campo('saldo', 'Coparticipação acima do teto mensal (saldo a consignar), em centavos', 11, 'V'),
        COMPETENCIA,
      ]),
      rodape(120, 13),
    ],
  },
);

/** Cubatão's payroll system (Prescon): the discount of each titular, with the plan's enrolment number first. */
export const envioFinanceiroPrescon = folha('/util/exportacao/envio-financeiro-prescon', 'folha-prescon', DESCONTO, '0512', {
  titulo: 'Envio financeiro Prescon',
  arquivo: arquivo(80, 'PRESCON'),
  registros: [
    cabecalho(80, CNPJ, COMPETENCIA, GERACAO),
    reg(POR_TITULAR, 80, [TIPO('1'), { ...MATRICULA, descricao: 'Matrícula do titular no plano' }, CPF('do servidor'), NOME(40, 'do servidor'), VERBA(5, 'Código do evento'), VALOR()]),
    rodape(80, 13),
  ],
});

/** The operator's own monthly billing file (pjf): every member's fee, per family, with the family's total. */
export const LAYOUT_MENSALIDADE: Layout = {
  titulo: 'Mensalidades da competência',
  arquivo: arquivo(100, 'MENSALIDADE'),
  registros: [
    cabecalho(100, REG_ANS, COMPETENCIA, GERACAO),
    reg('Beneficiário (um por membro do grupo familiar)', 100, [
      TIPO('1'),
      { ...MATRICULA, nome: 'matriculaTitular' },
      { ...MATRICULA, descricao: 'Matrícula do beneficiário' },
      NOME(40, 'do beneficiário'),
      campo('relacao', 'Relação de dependência (1 titular)', 2, 'N'),
      campo('idade', 'Idade no 1º dia da competência', 3, 'N'),
      campo('mensalidade', 'Mensalidade pela faixa etária, em centavos', 11, 'V'),
      campo('coparticipacao', 'Coparticipação, em centavos', 11, 'V'),
    ]),
    reg('Total da família', 100, [
      TIPO('2'),
      { ...MATRICULA, nome: 'matriculaTitular' },
      campo('mensalidade', 'Mensalidades, em centavos', 11, 'V'),
      campo('subsidio', 'Subsídio da empresa, em centavos', 11, 'V'),
      campo('coparticipacao', 'Coparticipação, em centavos', 11, 'V'),
      VALOR('Valor a cobrar, em centavos'),
    ]),
    rodape(100, 15),
  ],
};

export const exportacaoMensalidade = defineProcesso({
  comando: '/util/exportacao/mensalidade',
  tipo: 'folha-mensalidade',
  descricao: 'Gera o arquivo das mensalidades da competência: a de cada beneficiário pela faixa etária do seu plano, a coparticipação dos eventos autorizados no mês e, por família, o subsídio da empresa e o total a cobrar.',
  campos: { competencia: campos('').competencia, empresa: campos('').empresa, produto: campos('').produto },
  regras,
  previa: true,
  layouts: [LAYOUT_MENSALIDADE],
  padroes: () => ({ competencia: mesAtual() }),
});

/** Coparticipation events of the competência (pjf): one CSV line per charged item, for the client's conference. */
export const LAYOUT_COPARTICIPACAO: Layout = {
  titulo: 'Eventos com coparticipação',
  arquivo: 'CSV separado por ";", UTF-8 com BOM, CRLF, a primeira linha com os nomes das colunas; nome coparticipacao-<AAAAMM>.csv',
  separador: ';',
  registros: [
    {
      nome: 'Evento (um por item cobrado)',
      campos: [
        { ...MATRICULA, nome: 'matriculaTitular' },
        campo('titular', 'Nome do titular', 60, 'A'),
        { ...MATRICULA, descricao: 'Matrícula do beneficiário' },
        campo('beneficiario', 'Nome do beneficiário', 60, 'A'),
        campo('guia', 'Número da guia', 20, 'A'),
        campo('data', 'Data da autorização', 8, 'D'),
        campo('codigo', 'Código do procedimento (TUSS)', 10, 'A'),
        campo('procedimento', 'Procedimento', 120, 'A'),
        campo('quantidade', 'Quantidade', 4, 'N'),
        campo('valorEvento', 'Valor do evento, em centavos', 11, 'V'),
        campo('regra', 'Regra de coparticipação aplicada', 120, 'A'),
        campo('cobrado', 'Valor cobrado, em centavos', 11, 'V'),
      ],
    },
  ],
};

export const exportacaoCoparticipacao = defineProcesso({
  comando: '/util/exportacao/coparticipacao',
  tipo: 'folha-coparticipacao',
  descricao: 'Gera a planilha (CSV) dos eventos com coparticipação na competência: titular, beneficiário, guia, procedimento, quantidade, valor do evento, regra aplicada e valor cobrado.',
  campos: { competencia: campos('').competencia, empresa: campos('').empresa, produto: campos('').produto },
  regras,
  previa: true,
  layouts: [LAYOUT_COPARTICIPACAO],
  padroes: () => ({ competencia: mesAtual() }),
});

export const FOLHAS: readonly FolhaExport[] = [fopagCopasa, fopagDhisa, descontoMensalidadeCoparticipacao, previminas, econsig, siape, impro, elotech, saldoConsignado, envioFinanceiroPrescon];
