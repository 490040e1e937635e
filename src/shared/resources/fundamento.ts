import type { CommandPath } from '../../../commands';
import { defineResource, f } from './define';

/** Spec §2.1 /cadastro/fundamento: reasons and criticized fields. */

export const campoCriticado = defineResource({
  name: 'campocriticado',
  command: '/cadastro/fundamento/campos-criticados',
  table: 'campos_criticados',
  label: { singular: 'Campo criticado', plural: 'Campos criticados', gender: 'm' },
  fields: {
    codigo: f.codigo(6),
    descricao: f.descricao(),
    entidade: f.enum('Cadastro', [['BENEFICIARIO', 'Beneficiário'], ['PRESTADOR', 'Prestador'], ['GUIA', 'Guia TISS'], ['EMPRESA', 'Empresa']], { required: true }),
    campo: f.text('Campo', { max: 60, required: true }),
    glosa: f.text('Código de glosa (TUSS 38)', { max: 4, mask: '####' }),
    bloqueante: f.boolean('Bloqueante'),
    ativo: f.ativo(),
  },
  grid: ['codigo', 'descricao', 'entidade', 'campo', 'glosa', 'bloqueante', 'ativo'],
  search: ['descricao', 'entidade', 'glosa', 'bloqueante'],
  sort: { field: 'codigo' },
});

export const motivo = defineResource({
  name: 'motivo',
  command: '/cadastro/fundamento/motivos',
  table: 'motivos',
  label: { singular: 'Motivo', plural: 'Motivos', gender: 'm' },
  fields: {
    codigo: f.text('Código', { max: 4, mask: '####', required: true, unique: true, help: 'Código da TUSS tabela 38 (glosas e negativas).' }),
    descricao: f.descricao(200),
    grupo: f.enum('Grupo', [
      ['10', 'Beneficiário'], ['12', 'Prestador'], ['13', 'Guia'], ['14', 'Autorização'], ['15', 'Dados clínicos'], ['17', 'Cobrança'], ['18', 'Procedimento'],
      ['19', 'Diárias'], ['20', 'Materiais'], ['21', 'Medicamentos'], ['22', 'OPME'], ['29', 'Recurso de glosa'], ['30', 'Odontologia'], ['31', 'Outros'],
    ], { required: true }),
    tipo: f.enum('Uso', [['GLOSA', 'Glosa'], ['NEGATIVA', 'Negativa'], ['AMBOS', 'Glosa e negativa']], { required: true, default: 'AMBOS' }),
    inicioVigencia: f.inicioVigencia(),
    fimVigencia: f.fimVigencia(),
  },
  grid: ['codigo', ['descricao', 'tooltip'], 'grupo', 'tipo', 'inicioVigencia', 'fimVigencia'],
  search: ['codigo', 'descricao', 'grupo', 'tipo'],
  sort: { field: 'codigo' },
});

const simpleReason = (name: string, command: CommandPath, table: string, singular: string, plural: string, extra: 'sib' | 'afastamento' | 'saida') =>
  defineResource({
    name,
    command,
    table,
    label: { singular, plural, gender: 'm' },
    fields: {
      codigo: f.codigo(4),
      descricao: f.descricao(),
      ...(extra === 'sib'
        ? { codigoSib: f.text('Código SIB/ANS', { max: 2, mask: '##', help: 'Motivo de cancelamento do SIB (41 a 48).' }) }
        : extra === 'afastamento'
          ? { suspendeCobranca: f.boolean('Suspende a cobrança') }
          : { codigoTiss: f.text('Código TISS', { max: 2, mask: '##', help: 'dm_motivoSaida.' }) }),
      exigeDocumento: f.boolean('Exige documento'),
      ativo: f.ativo(),
    },
    grid: ['codigo', 'descricao', extra === 'sib' ? 'codigoSib' : extra === 'afastamento' ? 'suspendeCobranca' : 'codigoTiss', 'exigeDocumento', 'ativo'] as never,
    search: ['codigo', 'descricao', 'ativo'],
    sort: { field: 'descricao' },
  });

export const motivoAfastamento = simpleReason('motivoafastamento', '/cadastro/fundamento/motivos-afastamento', 'motivos_afastamento', 'Motivo de afastamento', 'Motivos de afastamento', 'afastamento');
export const motivoDesligamento = simpleReason('motivodesligamento', '/cadastro/fundamento/motivos-desligamento', 'motivos_desligamento', 'Motivo de desligamento', 'Motivos de desligamento', 'sib');
export const motivoSaida = simpleReason('motivosaida', '/cadastro/fundamento/motivos-saida', 'motivos_saida', 'Motivo de saída', 'Motivos de saída', 'saida');

export const fundamentoResources = [campoCriticado, motivo, motivoAfastamento, motivoDesligamento, motivoSaida];
