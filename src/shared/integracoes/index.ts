import { z } from 'zod';
import { defineProcesso } from '../processos/define';
import type { Layout } from '../processos/layout';
import { f } from '../resources/define';

/**
 * Integrations (spec §2.7 /util/analise: Beneficiários de Integrações and Atendimentos de Integrações): files the
 * client's external systems send — the beneficiary movements of a company's HR system and the attendances of an
 * external provider's system (its clinic or primary-care system). Each file is imported by a run (a declared CSV
 * layout, checked line by line); every line is kept with its status: pendente until the operator applies it (through
 * the beneficiaries' or the requests' own service, with the trail) or refuses it with the reason; a line that cannot
 * be read is refused at import with the reason.
 */

export const STATUS_INTEGRACAO = [
  ['PENDENTE', 'Pendente'],
  ['APLICADO', 'Aplicado'],
  ['RECUSADO', 'Recusado'],
] as const;
export type StatusIntegracao = (typeof STATUS_INTEGRACAO)[number][0];
export const TONS_INTEGRACAO = { PENDENTE: 'warn', APLICADO: 'ok', RECUSADO: 'bad' } as const;

export const MOVIMENTOS = [
  ['I', 'Inclusão'],
  ['A', 'Alteração'],
  ['E', 'Exclusão'],
] as const;
export type Movimento = (typeof MOVIMENTOS)[number][0];

/** The attendances a provider's system may send: those that need no medical order attached (spec §5). */
export const TIPOS_INTEGRACAO_ATENDIMENTO = [
  ['CONSULTA', 'Consulta'],
  ['APS', 'Guia APS'],
  ['COMPROVANTE_PRESENCIAL', 'Comprovante presencial'],
] as const;

/** Lines of an integration file, read and checked at once. */
export const MAX_LINHAS_INTEGRACAO = 20_000;

const ARQUIVO_CSV =
  'CSV, uma linha por registro, colunas separadas por ponto e vírgula (;), UTF-8 ou ISO-8859-1; a primeira linha pode ser o cabeçalho com os nomes das colunas. CPF só com os dígitos ou com pontos e traço.';

/** The HR system's movements (the company is chosen on the form: one file per company). */
export const LAYOUT_INTEGRACAO_BENEFICIARIOS: Layout = {
  titulo: 'Movimentação de beneficiários do sistema de RH (CSV)',
  arquivo: `${ARQUIVO_CSV} Na exclusão bastam movimento, CPF e data; na alteração, o CPF e os campos que mudam.`,
  separador: ';',
  registros: [
    {
      nome: 'Linha (um movimento)',
      campos: [
        { nome: 'movimento', descricao: 'Movimento: I inclusão, A alteração, E exclusão', tamanho: 1, formato: 'A', entrada: 'I, A ou E' },
        { nome: 'cpf', descricao: 'CPF do beneficiário', tamanho: 11, formato: 'N', entrada: '11 dígitos, com ou sem pontuação' },
        { nome: 'nome', descricao: 'Nome completo', tamanho: 150, formato: 'A', entrada: 'Texto' },
        { nome: 'dataNascimento', descricao: 'Data de nascimento', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'sexo', descricao: 'Sexo: M ou F', tamanho: 1, formato: 'A', entrada: 'M ou F' },
        { nome: 'nomeMae', descricao: 'Nome da mãe', tamanho: 150, formato: 'A', entrada: 'Texto' },
        { nome: 'relacao', descricao: 'Relação de dependência (SIB): 1 titular, 3 cônjuge, 4 filho(a), 6 enteado(a), 8 pai/mãe, 10 agregado', tamanho: 2, formato: 'N', entrada: '1, 3, 4, 6, 8 ou 10' },
        { nome: 'cpfTitular', descricao: 'CPF do titular (dependentes)', tamanho: 11, formato: 'N', entrada: '11 dígitos, com ou sem pontuação' },
        { nome: 'plano', descricao: 'Registro do plano na ANS (9 dígitos)', tamanho: 9, formato: 'N', entrada: '9 dígitos' },
        { nome: 'dataMovimento', descricao: 'Data do movimento: adesão, alteração ou desligamento', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'cep', descricao: 'CEP de residência', tamanho: 8, formato: 'N', entrada: '8 dígitos' },
        { nome: 'celular', descricao: 'Celular com DDD', tamanho: 11, formato: 'N', entrada: '10 ou 11 dígitos' },
        { nome: 'email', descricao: 'E-mail', tamanho: 120, formato: 'A', entrada: 'Endereço de e-mail' },
      ],
    },
  ],
};

/** The provider system's attendances (one line per procedure done; a consultation has one). */
export const LAYOUT_INTEGRACAO_ATENDIMENTOS: Layout = {
  titulo: 'Atendimentos do sistema do prestador (CSV)',
  arquivo: `${ARQUIVO_CSV} Um número de guia do prestador é recebido uma vez só.`,
  separador: ';',
  registros: [
    {
      nome: 'Linha (um atendimento)',
      campos: [
        { nome: 'guia', descricao: 'Número da guia no sistema do prestador', tamanho: 20, formato: 'A', entrada: 'Letras e números' },
        { nome: 'prestador', descricao: 'Código do prestador na operadora', tamanho: 10, formato: 'N', entrada: 'Dígitos' },
        { nome: 'tipo', descricao: 'Tipo: CONSULTA, APS ou COMPROVANTE_PRESENCIAL', tamanho: 24, formato: 'A', entrada: 'CONSULTA, APS ou COMPROVANTE_PRESENCIAL' },
        { nome: 'carteirinha', descricao: 'Carteirinha do beneficiário (16 dígitos)', tamanho: 16, formato: 'N', entrada: '16 dígitos' },
        { nome: 'dataAtendimento', descricao: 'Data do atendimento', tamanho: 10, formato: 'A', entrada: 'DD/MM/AAAA' },
        { nome: 'procedimento', descricao: 'Código do procedimento (TUSS)', tamanho: 10, formato: 'N', entrada: 'Até 10 dígitos' },
        { nome: 'quantidade', descricao: 'Quantidade', tamanho: 3, formato: 'N', entrada: '1 a 999' },
        { nome: 'conselho', descricao: 'Conselho do profissional (CRM, CRO, COREN…)', tamanho: 7, formato: 'A', entrada: 'Sigla' },
        { nome: 'numeroConselho', descricao: 'Número no conselho', tamanho: 15, formato: 'A', entrada: 'Letras e números' },
        { nome: 'ufConselho', descricao: 'UF do conselho', tamanho: 2, formato: 'A', entrada: 'Sigla da UF' },
        { nome: 'cbo', descricao: 'CBO do profissional (6 dígitos, opcional)', tamanho: 6, formato: 'N', entrada: '6 dígitos' },
        { nome: 'carater', descricao: 'Caráter: 1 eletivo, 2 urgência', tamanho: 1, formato: 'N', entrada: '1 ou 2' },
      ],
    },
  ],
};

export const importacaoBeneficiariosIntegracao = defineProcesso({
  comando: '/util/analise/beneficiarios-integracoes',
  tipo: 'integracao-beneficiarios',
  descricao:
    'Recebe o arquivo de movimentação de beneficiários do sistema de RH de uma empresa contratante (inclusões, alterações e exclusões). Cada linha é conferida e guardada: as válidas ficam pendentes para a análise, que mostra as diferenças com o cadastro e aplica ou recusa cada uma; as que não podem ser lidas ficam recusadas com o motivo e o número da linha. Nada muda no cadastro na importação.',
  campos: {
    empresa: f.ref('Empresa contratante', 'empresa', { required: true }),
    origem: f.text('Sistema de origem', { max: 120, required: true, help: 'Ex.: RH da empresa (folha SAP).' }),
  },
  entrada: {
    rotulo: 'Arquivo de movimentação',
    formatos: ['csv', 'txt'],
    ajuda: 'CSV do sistema de RH no layout abaixo; até 20 MB.',
    layout: LAYOUT_INTEGRACAO_BENEFICIARIOS,
  },
  previa: true,
});

export const importacaoAtendimentosIntegracao = defineProcesso({
  comando: '/util/analise/atendimentos-integracoes',
  tipo: 'integracao-atendimentos',
  descricao:
    'Recebe o arquivo de atendimentos do sistema de um prestador (consultas, atendimentos de atenção primária e comprovantes presenciais feitos lá). Cada linha é conferida e guardada: as válidas ficam pendentes para a análise, que as compara com o cadastro e as registra como solicitação de autorização, ou as recusa; as que não podem ser lidas ficam recusadas com o motivo e o número da linha.',
  campos: {
    origem: f.text('Sistema de origem', { max: 120, required: true, help: 'Ex.: prontuário da clínica própria.' }),
  },
  entrada: {
    rotulo: 'Arquivo de atendimentos',
    formatos: ['csv', 'txt'],
    ajuda: 'CSV do sistema do prestador no layout abaixo; até 20 MB.',
    layout: LAYOUT_INTEGRACAO_ATENDIMENTOS,
  },
  previa: true,
});

/** Refusing a received record: the reason stays with it and in the trail. */
export const MOTIVO_RECUSA_MIN = 10;
export const MSG_MOTIVO_RECUSA = `Escreva o motivo da recusa (ao menos ${MOTIVO_RECUSA_MIN} caracteres).`;
export const decisaoIntegracaoSchema = z.object({
  version: z.coerce.number({ error: 'Informe a versão.' }).int().positive().max(2_147_483_647),
  motivo: z.string().trim().max(1000, 'Motivo: no máximo 1000 caracteres.').optional().nullable(),
});
export const recusaIntegracaoSchema = decisaoIntegracaoSchema.extend({
  motivo: z.string({ error: MSG_MOTIVO_RECUSA }).trim().min(MOTIVO_RECUSA_MIN, MSG_MOTIVO_RECUSA).max(1000, 'Motivo: no máximo 1000 caracteres.'),
});
export type DecisaoIntegracao = z.input<typeof decisaoIntegracaoSchema>;

export const MSG_INTEGRACAO = {
  jaDecidido: (status: string) => `Este registro já foi ${status === 'APLICADO' ? 'aplicado' : 'recusado'}.`,
  naoEncontrado: 'Registro de integração não encontrado.',
} as const;

/** One field compared: the current record's value and the received one, as people read them. */
export interface Diferenca {
  campo: string;
  rotulo: string;
  atual: string | null;
  recebido: string | null;
  /** The received value changes the record. */
  muda: boolean;
}

/** A received record, as the analysis opens it. */
export interface RegistroIntegracao {
  id: number;
  version: number;
  loteId: number;
  origem: string;
  nomeArquivo: string;
  recebidoEm: string;
  linha: number;
  status: StatusIntegracao;
  motivo: string | null;
  decididoPor: string | null;
  decididoEm: string | null;
  /** A short title: "Inclusão de Maria…", "Consulta de João… em 10/03/2026". */
  titulo: string;
  /** The line's values as received, by label. */
  recebido: { rotulo: string; valor: string }[];
  /** The comparison with the current record (empty when there is none: a new beneficiary). */
  diferencas: Diferenca[];
  /** What the application will do, or did, in one sentence. */
  efeito: string;
  /** Notes for the analyst (a possible duplicate, the beneficiary in carência). */
  alertas: string[];
  /** Links to the records it touches. */
  beneficiarioId: number | null;
  autorizacaoId: number | null;
  autorizacaoNumero: string | null;
}
