import { f, uf } from '../resources/define';
import { SITUACOES_BENEFICIARIO } from '../resources/pessoas';
import { defineReport } from './define';
import { mesCorrente, situacaoAtiva } from './filtros';
import { linhasEtiqueta } from './rede-gestao';

export const MESES = [
  ['1', 'Janeiro'], ['2', 'Fevereiro'], ['3', 'Março'], ['4', 'Abril'], ['5', 'Maio'], ['6', 'Junho'],
  ['7', 'Julho'], ['8', 'Agosto'], ['9', 'Setembro'], ['10', 'Outubro'], ['11', 'Novembro'], ['12', 'Dezembro'],
] as const;

/** rep335 — the month's birthdays: the beneficiaries to greet, day by day, with the contacts to reach them. */
export const ANIVERSARIANTES = defineReport({
  code: 'rep335',
  command: '/relatorio/maladireta/aniversariantes',
  about: 'Beneficiários que fazem aniversário no mês, dia a dia, com a idade que completam, o plano e os contatos.',
  list: {
    key: 'relatorio.rep335',
    noun: { singular: 'aniversariante', plural: 'aniversariantes', gender: 'm' },
    fields: {
      grupo: f.text('Dia', { max: 10 }),
      mes: f.enum('Mês', MESES),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      dataNascimento: f.date('Nascimento'),
      idade: f.integer('Completa (anos)'),
      produtoNome: f.text('Plano', { max: 120 }),
      celular: f.phone('Celular'),
      email: f.text('E-mail', { max: 120 }),
      produto: f.ref('Plano', 'produto'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
    },
    search: [
      { field: 'mes', op: 'eq', param: 'mes' },
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
    ],
    initial: (current, now) => {
      if (current.has('mes')) return undefined;
      const p = new URLSearchParams(current);
      p.set('mes', String(now.getMonth() + 1));
      if (!p.has('situacao')) p.set('situacao', 'ATIVO');
      return p;
    },
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'dataNascimento' }, { key: 'idade' }, { key: 'produtoNome' }, { key: 'celular' }, { key: 'email' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Dia', plural: 'dias' },
  orientation: 'landscape',
  widths: { matricula: 1.1, nome: 3, dataNascimento: 0.9, idade: 0.8, produtoNome: 2, celular: 1.2, email: 2.4 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** How a beneficiary can be reached, the filter of rep360. */
export const CONTATOS = [
  ['email', 'Com e-mail'],
  ['celular', 'Com celular'],
  ['nenhum', 'Sem e-mail nem celular'],
] as const;

/** rep360 — how to reach each beneficiary of a plan (the circulars' list), or who cannot be reached at all. */
export const CONTATOS_BENEFICIARIOS = defineReport({
  code: 'rep360',
  command: '/relatorio/beneficiario/mala-direta/contatos-beneficiarios',
  about: 'E-mail, celular e telefone dos beneficiários, por plano; o filtro de contato mostra quem recebe comunicados e quem não pode ser alcançado.',
  list: {
    key: 'relatorio.rep360',
    noun: { singular: 'beneficiário', plural: 'beneficiários', gender: 'm' },
    fields: {
      grupo: f.text('Plano', { max: 120 }),
      matricula: f.text('Matrícula', { max: 20 }),
      nome: f.text('Beneficiário', { max: 150 }),
      email: f.text('E-mail', { max: 120 }),
      celular: f.phone('Celular'),
      telefone: f.phone('Telefone'),
      cidadeUf: f.text('Cidade', { max: 90 }),
      contato: f.enum('Contato', CONTATOS),
      produto: f.ref('Plano', 'produto'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
    },
    search: [
      { field: 'contato', op: 'eq', param: 'contato' },
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
      { field: 'nome', op: 'startsWith', param: 'nome', label: 'Nome', placeholder: 'Início do nome' },
    ],
    initial: situacaoAtiva,
    columns: [{ key: 'matricula' }, { key: 'nome' }, { key: 'email' }, { key: 'celular' }, { key: 'telefone' }, { key: 'cidadeUf' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Plano', plural: 'planos' },
  orientation: 'landscape',
  widths: { matricula: 1.1, nome: 3, email: 2.6, celular: 1.2, telefone: 1.2, cidadeUf: 1.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The states of a message of the outbox (src/server/emails). */
export const SITUACOES_EMAIL = [
  ['enviado', 'Enviado'],
  ['pendente', 'Pendente'],
  ['erro', 'Com erro'],
] as const;

/** rep125 — the e-mails the portal wrote in a period (circulars, reminders), by state: what went, what is waiting, what failed and why. */
export const COMUNICADOS_ENVIADOS = defineReport({
  code: 'rep125',
  command: '/relatorio/maladireta/comunicados-enviados',
  about: 'Mensagens de e-mail escritas pelo portal no período, pela situação (enviadas, pendentes, com erro), com destinatário, assunto, tentativas e o motivo do erro.',
  list: {
    key: 'relatorio.rep125',
    noun: { singular: 'mensagem', plural: 'mensagens', gender: 'f' },
    fields: {
      grupo: f.text('Situação', { max: 20 }),
      status: f.enum('Situação', SITUACOES_EMAIL),
      criadoEm: f.instant('Escrita em'),
      nome: f.text('Destinatário', { max: 150 }),
      para: f.text('E-mail', { max: 120 }),
      assunto: f.text('Assunto', { max: 300 }),
      enviadoEm: f.instant('Enviada em'),
      tentativas: f.integer('Tentativas'),
      erro: f.text('Erro', { max: 300 }),
    },
    search: [
      { field: 'criadoEm', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'criadoEm', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'status', op: 'eq', param: 'situacao' },
      { field: 'assunto', op: 'contains', param: 'assunto', placeholder: 'Parte do assunto' },
    ],
    initial: mesCorrente,
    columns: [{ key: 'criadoEm' }, { key: 'nome' }, { key: 'para' }, { key: 'assunto' }, { key: 'enviadoEm' }, { key: 'tentativas' }, { key: 'erro' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'criadoEm', dir: 'asc' },
    ],
    sortable: ['grupo', 'criadoEm'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Situação', plural: 'situações' },
  totals: [{ key: 'tentativas', label: 'Tentativas', kind: 'integer' }],
  orientation: 'landscape',
  widths: { criadoEm: 1.1, nome: 2.2, para: 2.2, assunto: 3, enviadoEm: 1.1, tentativas: 0.8, erro: 2.4 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/**
 * rep355 — mailing labels of the families: one per holder (titular), at the holder's address, in CEP order; the PDF
 * is the A4 label sheet, the list and its CSV feed a mail merge.
 */
export const ETIQUETAS_BENEFICIARIOS = defineReport({
  code: 'rep355',
  command: '/relatorio/beneficiario/mala-direta/etiquetas-beneficiarios',
  about: 'Etiquetas de endereçamento das famílias (uma por titular, no endereço dele), na ordem do CEP; o PDF sai na folha A4 de 21 etiquetas (63,5 × 38,1 mm).',
  list: {
    key: 'relatorio.rep355',
    noun: { singular: 'etiqueta', plural: 'etiquetas', gender: 'f' },
    fields: {
      nome: f.text('Destinatário', { max: 150 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      cep: f.doc('CEP', 'cep'),
      cidadeUf: f.text('Cidade', { max: 90 }),
      produto: f.ref('Plano', 'produto'),
      empresa: f.ref('Empresa', 'empresa'),
      uf: uf('UF'),
      situacao: f.enum('Situação', SITUACOES_BENEFICIARIO),
      titular: f.boolean('Titular com endereço'),
    },
    search: [
      { field: 'produto', op: 'eq', param: 'plano' },
      { field: 'empresa', op: 'eq', param: 'empresa' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'situacao', op: 'eq', param: 'situacao' },
    ],
    permanent: [{ field: 'titular', op: 'eq', value: true }],
    initial: situacaoAtiva,
    columns: [{ key: 'nome' }, { key: 'endereco' }, { key: 'bairro' }, { key: 'cep' }, { key: 'cidadeUf' }],
    sort: [
      { field: 'cep', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['cep', 'nome'],
    pageSize: 200,
  },
  etiqueta: linhasEtiqueta,
  orientation: 'portrait',
  widths: { nome: 3, endereco: 3, bairro: 1.5, cep: 1, cidadeUf: 2 },
  formats: ['pdf', 'xlsx', 'csv'],
});
