import { todayIso } from '../dates';
import { f, type RuleIssue } from '../resources/define';
import { LAYOUT_EMBOSSING } from './cartoes';
import { defineProcesso } from './define';
import type { Layout } from './layout';

/** Registrations of the same person under two matrículas: find them, and merge one into the other keeping history. */

export const CRITERIOS_DUPLICIDADE = [
  ['CPF', 'Mesmo CPF'],
  ['NOME_NASCIMENTO', 'Mesmo nome e data de nascimento'],
  ['AMBOS', 'Mesmo CPF, ou mesmo nome e data de nascimento'],
] as const;

export const ACOES_DUPLICIDADE = [
  ['RELATORIO', 'Só listar as duplicidades (não altera nada)'],
  ['UNIFICAR', 'Listar e unificar cada grupo na matrícula mais antiga'],
] as const;

/** SIB motivoCancelamento of the merged registration: it should not have existed. */
export const MOTIVO_UNIFICADO = '46';

export const unificacaoMatricula = defineProcesso({
  comando: '/util/processo/unificacao-matricula',
  tipo: 'unificacao-matricula',
  descricao:
    'Unifica duas matrículas da mesma pessoa: autorizações, atendimentos, protocolos, cartões, solicitações cadastrais, dependentes e o acesso ao portal passam para a matrícula mantida; a outra é cancelada por inclusão indevida (motivo 46 do SIB). Tudo fica na trilha.',
  campos: {
    manter: f.ref('Matrícula a manter', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula do cadastro que continua.' }),
    unificar: f.ref('Matrícula a unificar (será cancelada)', 'beneficiario', { picker: 'autocomplete', required: true }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if (v.manter != null && v.manter === v.unificar) out.push({ field: 'unificar', message: 'Escolha duas matrículas diferentes.' });
    return out;
  },
  previa: true,
  altera: true,
});

export const tratarDuplicidade = defineProcesso({
  comando: '/util/processo/tratar-duplicidade-beneficiarios',
  tipo: 'tratar-duplicidade',
  descricao:
    'Procura beneficiários cadastrados mais de uma vez e gera a lista dos grupos (CSV). Ao unificar, cada grupo fica na matrícula mais antiga ainda ativa, com todo o histórico; grupos com titulares e dependentes misturados ficam para análise manual.',
  campos: {
    criterio: f.enum('Critério', CRITERIOS_DUPLICIDADE, { required: true, default: 'AMBOS' }),
    acao: f.enum('O que fazer', ACOES_DUPLICIDADE, { required: true, default: 'RELATORIO' }),
  },
  previa: true,
  altera: true,
});

/**
 * A dependent who leaves the titular's family and keeps the plan under their own registration (a child who came of
 * age, a divorced spouse): same matrícula and history, now a titular; coverage and waiting periods carry on.
 */
export const desvinculaMatricula = defineProcesso({
  comando: '/util/processo/desvincula-matricula',
  tipo: 'desvincula-matricula',
  descricao:
    'Desvincula um dependente do grupo familiar do titular: a mesma matrícula, com todo o histórico, passa a ser titular de um grupo próprio no mesmo plano. O titular anterior e os demais dependentes não mudam.',
  campos: {
    dependente: f.ref('Dependente', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula do dependente.' }),
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Ex.: maioridade, separação, novo contrato.' }),
  },
  previa: true,
  altera: true,
});

// ---- card, matrícula, death, plan and pensioner changes (one beneficiary or a group) ------------------------------

/** The card issue the change records (`cartoes.motivo`): not one of the Gerador's reasons, so the two read apart. */
export const MOTIVO_CARTAO_ALTERACAO = 'ALTERACAO';

export const ALCANCES_ALTERACAO_CARTAO = [
  ['BENEFICIARIO', 'Um beneficiário'],
  ['FAMILIA', 'Um grupo familiar'],
  ['EMPRESA', 'Os beneficiários de uma empresa contratante'],
] as const;

export const NUMEROS_CARTAO = [
  ['MANTER', 'Manter o número atual'],
  ['MATRICULA', 'Novo número a partir da matrícula atual'],
  ['INFORMADO', 'Informar o novo número (um beneficiário)'],
] as const;

const cincoAnos = (hoje: string) => `${Number(hoje.slice(0, 4)) + 5}${hoje.slice(4)}`;

export const alteracaoCartao = defineProcesso({
  comando: '/util/processo/alteracao-cartao',
  tipo: 'alteracao-cartao',
  descricao:
    'Reemite o cartão com novo número e/ou nova validade: o cartão ativo fica substituído (o número antigo continua no histórico de cartões), a carteirinha do cadastro passa ao novo número e tudo vai para a trilha. Gera o PDF e o arquivo de embossing dos cartões novos.',
  campos: {
    alcance: f.enum('Alterar o cartão de', ALCANCES_ALTERACAO_CARTAO, { required: true, default: 'BENEFICIARIO' }),
    beneficiario: f.ref('Beneficiário', 'beneficiario', { picker: 'autocomplete', when: { field: 'alcance', in: ['BENEFICIARIO'] }, help: 'Nome, CPF, carteirinha ou matrícula.' }),
    titular: f.ref('Titular', 'beneficiario', { picker: 'autocomplete', when: { field: 'alcance', in: ['FAMILIA'] }, help: 'O titular e seus dependentes ativos.' }),
    empresa: f.ref('Empresa contratante', 'empresa', { when: { field: 'alcance', in: ['EMPRESA'] } }),
    numero: f.enum('Número do cartão', NUMEROS_CARTAO, { required: true, default: 'MATRICULA' }),
    novoNumero: f.text('Novo número do cartão', { max: 16, mask: '#### #### #### ####', when: { field: 'numero', in: ['INFORMADO'] } }),
    validade: f.date('Nova validade', { help: 'Em branco: o cartão novo mantém a validade do atual.' }),
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Ex.: renumeração após alteração de matrícula, prorrogação da validade.' }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if (v.alcance === 'BENEFICIARIO' && v.beneficiario == null) out.push({ field: 'beneficiario', message: 'Informe o beneficiário.' });
    if (v.alcance === 'FAMILIA' && v.titular == null) out.push({ field: 'titular', message: 'Informe o titular do grupo familiar.' });
    if (v.alcance === 'EMPRESA' && v.empresa == null) out.push({ field: 'empresa', message: 'Informe a empresa contratante.' });
    if (v.numero === 'INFORMADO') {
      if (v.alcance !== 'BENEFICIARIO') out.push({ field: 'numero', message: 'Um número informado vale para um beneficiário só: escolha "Um beneficiário".' });
      else if (v.novoNumero == null) out.push({ field: 'novoNumero', message: 'Informe o novo número do cartão.' });
    }
    const hoje = todayIso();
    if (typeof v.validade === 'string') {
      if (v.validade <= hoje) out.push({ field: 'validade', message: 'A validade precisa ser uma data futura.' });
      else if (v.validade > cincoAnos(hoje)) out.push({ field: 'validade', message: 'A validade não pode passar de cinco anos a partir de hoje.' });
    } else if (v.numero === 'MANTER') out.push({ field: 'validade', message: 'Informe a nova validade ou escolha um novo número: nada a alterar.' });
    return out;
  },
  previa: true,
  altera: true,
  layouts: [LAYOUT_EMBOSSING],
});

/** The matrícula as the beneficiary's record declares it (10 digits). */
const matriculaField = (label: string, o: { help?: string } = {}) => f.text(label, { max: 10, mask: '##########', required: true, ...o });

export const alteracaoMatricula = defineProcesso({
  comando: '/util/processo/alteracao-matricula',
  tipo: 'alteracao-matricula',
  descricao:
    'Troca a matrícula de um beneficiário por uma nova, ainda não usada: a anterior fica no histórico de matrículas (e continua encontrando o cadastro) e na trilha. O número do cartão não muda; para renumerá-lo pela matrícula nova use a Alteração de Cartão. No SIB a troca segue como retificação do código do beneficiário.',
  campos: {
    beneficiario: f.ref('Beneficiário', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula atual.' }),
    novaMatricula: matriculaField('Nova matrícula', { help: '10 dígitos; não pode ser de outro cadastro, nem ter sido de outro.' }),
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Ex.: nova matrícula funcional na empresa, correção de cadastro.' }),
  },
  previa: true,
  altera: true,
});

/** SIB motivoCancelamento for death (DOMAIN §3). */
export const MOTIVO_OBITO = '44';

export const cancelamentoBeneficiario = defineProcesso({
  comando: '/util/processo/cancelamento-beneficiario',
  tipo: 'cancelamento-beneficiario',
  descricao:
    'Cancela o beneficiário falecido na data do óbito, com o motivo 44 (óbito) do SIB; o cartão ativo é cancelado e o acesso ao portal, desativado. Se era titular, os dependentes não são cancelados: seguem ativos e a prévia os lista, para ganharem um novo titular (Pensionista ou Desvincular Matrícula). Autorizações ainda pendentes ou válidas depois do óbito aparecem na prévia e no registro, para a auditoria.',
  campos: {
    beneficiario: f.ref('Beneficiário falecido', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula.' }),
    dataObito: f.date('Data do óbito', { required: true }),
    documento: f.text('Certidão de óbito', { max: 60, help: 'Número da certidão ou da declaração de óbito, quando houver.' }),
  },
  regras: (v) => (typeof v.dataObito === 'string' && v.dataObito > todayIso() ? [{ field: 'dataObito', message: 'A data do óbito não pode ser futura.' }] : []),
  previa: true,
  altera: true,
});

export const ALCANCES_MIGRACAO = [
  ['PLANO', 'Todos os beneficiários do plano'],
  ['EMPRESA', 'Os do plano numa empresa contratante'],
  ['FAMILIA', 'Um grupo familiar'],
] as const;

export const migracaoPlano = defineProcesso({
  comando: '/util/processo/migracao',
  tipo: 'migracao-plano',
  descricao:
    'Passa os beneficiários ativos e suspensos de um plano para outro a partir de uma data: o plano anterior fica no histórico de mudanças de plano (com esta execução) e na trilha. Os dois planos precisam ser individuais, ou os dois coletivos; no SIB a troca segue como mudança contratual.',
  campos: {
    origem: f.ref('Plano atual', 'produto', { required: true }),
    destino: f.ref('Novo plano', 'produto', { required: true }),
    alcance: f.enum('Quem migra', ALCANCES_MIGRACAO, { required: true, default: 'PLANO' }),
    empresa: f.ref('Empresa contratante', 'empresa', { when: { field: 'alcance', in: ['EMPRESA'] } }),
    titular: f.ref('Titular', 'beneficiario', { picker: 'autocomplete', when: { field: 'alcance', in: ['FAMILIA'] }, help: 'O titular e seus dependentes no plano atual.' }),
    vigencia: f.date('No novo plano a partir de', { required: true }),
  },
  regras: (v) => {
    const out: RuleIssue[] = [];
    if (v.origem != null && v.origem === v.destino) out.push({ field: 'destino', message: 'Escolha um plano diferente do atual.' });
    if (v.alcance === 'EMPRESA' && v.empresa == null) out.push({ field: 'empresa', message: 'Informe a empresa contratante.' });
    if (v.alcance === 'FAMILIA' && v.titular == null) out.push({ field: 'titular', message: 'Informe o titular do grupo familiar.' });
    if (typeof v.vigencia === 'string' && v.vigencia > todayIso()) out.push({ field: 'vigencia', message: 'A data de início no novo plano não pode ser futura: rode a migração no dia.' });
    return out;
  },
  previa: true,
  altera: true,
  padroes: () => ({ vigencia: `01/${todayIso().slice(5, 7)}/${todayIso().slice(0, 4)}` }),
});

export const pensionista = defineProcesso({
  comando: '/util/processo/pensionista',
  tipo: 'pensionista',
  descricao:
    'Inscreve como pensionista o dependente de um titular falecido (cancelado por óbito): com a mesma matrícula, o mesmo plano e todo o histórico, ele passa a titular da classe P (pensionista). Os demais dependentes ativos do falecido podem passar para o grupo do pensionista. Tudo fica na trilha.',
  campos: {
    dependente: f.ref('Dependente (futuro pensionista)', 'beneficiario', { picker: 'autocomplete', required: true, help: 'Nome, CPF, carteirinha ou matrícula do dependente do titular falecido.' }),
    transferirDependentes: f.boolean('Os demais dependentes ativos passam para o grupo do pensionista', { default: true }),
  },
  previa: true,
  altera: true,
});

/**
 * The batch file of matrícula changes, as a company's HR or the operator's legacy system writes it: one line per
 * beneficiary, the current matrícula and the new one. A first line with names (a header) is skipped.
 */
export const LAYOUT_ALTERACAO_MATRICULA: Layout = {
  titulo: 'Arquivo de alteração de matrículas (CSV)',
  arquivo:
    'CSV, uma linha por beneficiário, colunas separadas por ponto e vírgula (;), UTF-8 ou ISO-8859-1; a primeira linha pode ser o cabeçalho "matricula_anterior;matricula_nova". Zeros à esquerda que a planilha tirou são repostos.',
  separador: ';',
  registros: [
    {
      nome: 'Linha (uma por beneficiário)',
      campos: [
        { nome: 'matriculaAnterior', descricao: 'Matrícula atual do beneficiário', tamanho: 10, formato: 'N' },
        { nome: 'matriculaNova', descricao: 'Nova matrícula (livre)', tamanho: 10, formato: 'N' },
      ],
    },
  ],
};

/** Lines of a batch file: a file of payroll size, read and checked at once. */
export const MAX_LINHAS_ALTERACAO_MATRICULA = 50_000;

export const alteracaoMatriculaLote = defineProcesso({
  comando: '/util/processo/processo-alteracao-matricula',
  tipo: 'alteracao-matricula-lote',
  descricao:
    'Troca as matrículas listadas num arquivo CSV (matrícula atual; nova), cada linha com as mesmas regras da Alteração de Matrícula: a anterior fica no histórico e na trilha. Linhas com erro são apontadas com o número da linha e não se aplicam; as demais se aplicam inteiras, uma a uma. O resultado de cada linha sai num CSV.',
  campos: {
    motivo: f.text('Motivo', { max: 200, required: true, help: 'Vale para todas as linhas. Ex.: nova numeração funcional da empresa.' }),
  },
  entrada: {
    rotulo: 'Arquivo com as matrículas',
    formatos: ['csv', 'txt'],
    ajuda: 'CSV com a matrícula atual e a nova em cada linha, separadas por ponto e vírgula (veja o layout abaixo); até 20 MB.',
    layout: LAYOUT_ALTERACAO_MATRICULA,
  },
  previa: true,
  altera: true,
});
