import { f, uf } from '../resources/define';
import { TIPOS_PESSOA } from '../resources/pessoas';
import { TRAIL_ACTIONS } from '../trail';
import { defineReport } from './define';
import { periodoAteHoje } from './filtros';

/** The reports the network's managers use to keep it in order: who lacks data, who changed, what it pays, how big. */

/** The data a provider in force must have (rep078), in the order the report lists them. */
export const PENDENCIAS_PRESTADOR = [
  ['documento', 'CPF/CNPJ'],
  ['conselho', 'Registro no conselho'],
  ['cnes', 'CNES'],
  ['especialidade', 'Especialidade'],
  ['endereco', 'Endereço'],
  ['cep', 'CEP'],
  ['telefone', 'Telefone'],
  ['email', 'E-mail'],
  ['banco', 'Dados bancários'],
  ['tabela', 'Tabela de preços'],
] as const;
export type PendenciaPrestador = (typeof PENDENCIAS_PRESTADOR)[number][0];

/** rep078 — providers in force with registration data missing, each with the list of what is missing, by UF. */
export const REDE_PENDENCIA_DADOS = defineReport({
  code: 'rep078',
  command: '/relatorio/rede-credenciada/rede-credenciada-pendencia-dados',
  about:
    'Prestadores em vigor com dados cadastrais em falta (documento, conselho, CNES de pessoa jurídica, especialidade, endereço, contato, conta bancária, tabela de preços), por UF.',
  list: {
    key: 'relatorio.rep078',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('UF', { max: 40 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      cidadeUf: f.text('Cidade', { max: 90 }),
      pendencias: f.text('Dados em falta', { max: 300 }),
      quantidade: f.integer('Pendências'),
      pendencia: f.enum('Dado em falta', PENDENCIAS_PRESTADOR),
      uf: uf('UF'),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'pendencia', op: 'eq', param: 'pendencia' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'tipoPessoa' }, { key: 'cidadeUf' }, { key: 'pendencias' }, { key: 'quantidade' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'UF', plural: 'UFs' },
  totals: [{ key: 'quantidade', label: 'Pendências', kind: 'integer' }],
  orientation: 'landscape',
  widths: { codigo: 0.8, nome: 3, tipoPessoa: 1.2, cidadeUf: 2, pendencias: 4, quantidade: 0.9 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep076 — the e-mail addresses of the providers in force, by main specialty (the operator's circulars). */
export const EMAILS_PRESTADORES = defineReport({
  code: 'rep076',
  command: '/relatorio/rede-credenciada/email-prestador2',
  about: 'E-mail e telefone dos prestadores em vigor que têm e-mail cadastrado, pela especialidade principal: a lista dos comunicados à rede.',
  list: {
    key: 'relatorio.rep076',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('Especialidade', { max: 150 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      email: f.text('E-mail', { max: 120 }),
      telefone: f.phone('Telefone'),
      cidadeUf: f.text('Cidade', { max: 90 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      especialidade: f.text('Especialidade', { max: 120 }),
      uf: uf('UF'),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: pediatria' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'uf', op: 'eq', param: 'uf' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'email' }, { key: 'telefone' }, { key: 'cidadeUf' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Especialidade', plural: 'especialidades' },
  orientation: 'portrait',
  widths: { codigo: 0.8, nome: 3, email: 2.8, telefone: 1.4, cidadeUf: 1.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep081 — what changed in the providers' registration in a period, who changed it and when (from the trail). */
export const PRESTADORES_ATUALIZADOS = defineReport({
  code: 'rep081',
  command: '/relatorio/rede-credenciada/prestador-atualizado',
  about: 'Inclusões e alterações no cadastro de prestadores no período, da trilha de alterações: os campos mudados, por quem e quando.',
  list: {
    key: 'relatorio.rep081',
    noun: { singular: 'alteração', plural: 'alterações', gender: 'f' },
    fields: {
      grupo: f.text('Prestador', { max: 180 }),
      em: f.instant('Data e hora'),
      acao: f.enum('Ação', TRAIL_ACTIONS),
      campos: f.text('Campos alterados', { max: 400 }),
      usuarioLogin: f.text('Usuário', { max: 60 }),
      nome: f.text('Prestador', { max: 150 }),
    },
    search: [
      { field: 'em', op: 'gte', param: 'inicio', label: 'Início' },
      { field: 'em', op: 'lte', param: 'termino', label: 'Término' },
      { field: 'acao', op: 'eq', param: 'acao' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Prestador', placeholder: 'Parte do nome' },
      { field: 'usuarioLogin', op: 'eq', param: 'usuario', placeholder: 'Login' },
    ],
    initial: periodoAteHoje((now) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - 30)),
    columns: [{ key: 'em' }, { key: 'acao' }, { key: 'campos' }, { key: 'usuarioLogin' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'em', dir: 'asc' },
    ],
    sortable: ['grupo', 'em'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Prestador', plural: 'prestadores' },
  orientation: 'landscape',
  widths: { em: 1.2, acao: 0.9, campos: 6, usuarioLogin: 1.2 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep083 — the price tables in force and the providers paid by each, with the class that multiplies their prices. */
export const TABELAS_ATUAIS = defineReport({
  code: 'rep083',
  command: '/relatorio/rede-credenciada/tabelas-atuais',
  about: 'As tabelas de preços em vigor e os prestadores em vigor remunerados por cada uma, com a classe de preço e o fator aplicados.',
  list: {
    key: 'relatorio.rep083',
    noun: { singular: 'prestador', plural: 'prestadores', gender: 'm' },
    fields: {
      grupo: f.text('Tabela de preços', { max: 200 }),
      codigo: f.text('Código', { max: 20 }),
      nome: f.text('Prestador', { max: 150 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      classe: f.text('Classe de preço', { max: 100 }),
      fator: f.text('Fator', { max: 12 }),
      cidadeUf: f.text('Cidade', { max: 90 }),
      tabela: f.ref('Tabela de preços', 'tabpreco'),
      uf: uf('UF'),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'tabela', op: 'eq', param: 'tabela' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'nome', op: 'contains', param: 'nome', label: 'Nome', placeholder: 'Parte do nome' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
    columns: [{ key: 'codigo' }, { key: 'nome' }, { key: 'tipoPessoa' }, { key: 'classe' }, { key: 'fator' }, { key: 'cidadeUf' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'nome', dir: 'asc' },
    ],
    sortable: ['grupo', 'nome'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'Tabela de preços', plural: 'tabelas' },
  chart: { title: 'Prestadores por tabela', value: 'count' },
  orientation: 'portrait',
  widths: { codigo: 0.8, nome: 3, tipoPessoa: 1.2, classe: 1.8, fator: 0.7, cidadeUf: 1.8 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** rep126 — the size of the network in force, city by city: how many physicians and how many facilities, by UF. */
export const QUANTITATIVO_REDE = defineReport({
  code: 'rep126',
  command: '/relatorio/rede-credenciada/gerencial-quantitativo-rede',
  about: 'Quantos prestadores em vigor a rede tem em cada cidade: pessoas físicas, pessoas jurídicas, as com CNES e as especialidades distintas, por UF.',
  list: {
    key: 'relatorio.rep126',
    noun: { singular: 'cidade', plural: 'cidades', gender: 'f' },
    fields: {
      grupo: f.text('UF', { max: 40 }),
      cidadeNome: f.text('Cidade', { max: 80 }),
      fisicas: f.integer('Pessoas físicas'),
      juridicas: f.integer('Pessoas jurídicas'),
      comCnes: f.integer('Com CNES'),
      total: f.integer('Total'),
      especialidades: f.integer('Especialidades distintas'),
      uf: uf('UF'),
      cidade: f.text('Cidade', { max: 80 }),
    },
    search: [
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Parte do nome' },
    ],
    columns: [{ key: 'cidadeNome' }, { key: 'fisicas' }, { key: 'juridicas' }, { key: 'comCnes' }, { key: 'total' }, { key: 'especialidades' }],
    sort: [
      { field: 'grupo', dir: 'asc' },
      { field: 'cidadeNome', dir: 'asc' },
    ],
    sortable: ['grupo', 'cidadeNome', 'total'],
    pageSize: 200,
  },
  group: { key: 'grupo', label: 'UF', plural: 'UFs' },
  totals: [
    { key: 'fisicas', label: 'Pessoas físicas', kind: 'integer' },
    { key: 'juridicas', label: 'Pessoas jurídicas', kind: 'integer' },
    { key: 'comCnes', label: 'Com CNES', kind: 'integer' },
    { key: 'total', label: 'Total', kind: 'integer' },
  ],
  chart: { title: 'Prestadores em vigor por UF', value: 'total' },
  orientation: 'portrait',
  widths: { cidadeNome: 3, fisicas: 1.2, juridicas: 1.2, comCnes: 1.1, total: 1, especialidades: 1.4 },
  formats: ['pdf', 'xlsx', 'csv'],
});

/** The lines of a mailing label: addressee, street, district, CEP with city and UF. */
export const linhasEtiqueta = (r: Readonly<Record<string, unknown>>): string[] => {
  const cep = String(r.cep ?? '').replace(/\D/g, '');
  return [String(r.nome ?? ''), String(r.endereco ?? ''), String(r.bairro ?? ''), [cep.length === 8 ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep, r.cidadeUf].filter(Boolean).join('  ')];
};

/**
 * rep074 — mailing labels of the providers in force, in CEP order (the post office's sorting); the PDF is the label
 * sheet, the list and its CSV feed a mail merge.
 */
export const ETIQUETAS_PRESTADORES = defineReport({
  code: 'rep074',
  command: '/relatorio/rede-credenciada/etiqueta-prestador',
  about: 'Etiquetas de endereçamento dos prestadores em vigor, na ordem do CEP; o PDF sai na folha A4 de 21 etiquetas (63,5 × 38,1 mm).',
  list: {
    key: 'relatorio.rep074',
    noun: { singular: 'etiqueta', plural: 'etiquetas', gender: 'f' },
    fields: {
      nome: f.text('Destinatário', { max: 150 }),
      endereco: f.text('Endereço', { max: 200 }),
      bairro: f.text('Bairro', { max: 60 }),
      cep: f.doc('CEP', 'cep'),
      cidadeUf: f.text('Cidade', { max: 90 }),
      uf: uf('UF'),
      cidade: f.text('Cidade', { max: 80 }),
      especialidade: f.text('Especialidade', { max: 120 }),
      tipoPessoa: f.enum('Tipo de pessoa', TIPOS_PESSOA),
      vigente: f.boolean('Em vigor'),
    },
    search: [
      { field: 'uf', op: 'eq', param: 'uf' },
      { field: 'cidade', op: 'contains', param: 'cidade', placeholder: 'Parte do nome' },
      { field: 'especialidade', op: 'contains', param: 'especialidade', placeholder: 'Ex.: pediatria' },
      { field: 'tipoPessoa', op: 'eq', param: 'tipo' },
    ],
    permanent: [{ field: 'vigente', op: 'eq', value: true }],
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
