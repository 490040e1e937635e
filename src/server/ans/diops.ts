import { sql } from 'drizzle-orm';
import { diopsCadastral, trimestreIso } from '../../shared/processos/ans';
import type { Previa } from '../../shared/processos/define';
import { paramsSchema } from '../../shared/processos/schema';
import { operadora as operadoraResource } from '../../shared/resources/operadora';
import { periodoDoTrimestre, trimestreBr } from '../../shared/sip/analise';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { query } from '../db/sql';
import { AppError } from '../http/errors';
import { defineJobKind } from '../jobs/kind';
import { escreverMensagem, type No } from '../tiss/escrita';
import { hashInformado } from '../tiss/hash';
import { registrarRemessa } from './remessas';

/**
 * DIOPS cadastral (RN 527/2022; DOMAIN.md §3b): the operator's registration as the quarterly DIOPS carries it, read
 * from its own configuration (Operadoras: identification, head office, contacts, legal representative, technical
 * director, independent auditor) and the portfolio at the quarter's last day. The economic-financial part of the
 * DIOPS needs the accounting the portal does not keep. Nothing is invented: a field the ANS needs that the operator
 * did not fill refuses the run, naming the fields to fill in Operadoras. The schema is not public: the structure is
 * ESTRUTURA_DIOPS_CADASTRAL, shown on the screen.
 */

type Params = { trimestre: string };

export const DIOPS_NS = 'http://www.ans.gov.br/padroes/diops/schemas';
const CODIGO_CONTRATACAO: Record<string, string> = { INDIVIDUAL: '1', EMPRESARIAL: '2', ADESAO: '3' };
/** What the ANS cannot do without, by column of `operadoras` and its field in the resource. */
const OBRIGATORIOS = [
  ['logradouro', 'logradouro'],
  ['numero', 'numero'],
  ['bairro', 'bairro'],
  ['cidade', 'cidade'],
  ['cep', 'cep'],
  ['telefone', 'telefone'],
  ['email', 'email'],
  ['representante_nome', 'representanteNome'],
  ['representante_cpf', 'representanteCpf'],
  ['diretor_tecnico_nome', 'diretorTecnicoNome'],
  ['diretor_tecnico_cpf', 'diretorTecnicoCpf'],
] as const;

type Op = Record<string, string | number | null>;

async function lerOperadora(db: Db): Promise<Op> {
  const [op] = await query<Op>(db, sql`select * from operadoras order by id limit 1`);
  if (!op || !/^\d{6}$/.test(String(op.registro_ans ?? ''))) throw AppError.of(422, 'Cadastre a operadora com o registro ANS de 6 dígitos (Operadoras) antes de gerar arquivos para a ANS.');
  return op;
}

export function faltando(op: Op): string[] {
  const fields = operadoraResource.fields as Record<string, { label: string }>;
  return OBRIGATORIOS.filter(([col]) => op[col] == null || op[col] === '').map(([, f]) => fields[f].label);
}

const trimestreDe = (p: Params) => {
  const t = trimestreIso(p.trimestre);
  if (!t) throw AppError.of(400, 'Trimestre inválido: informe o trimestre (1 a 4) e o ano, como T/AAAA.', { field: 'trimestre' });
  return t;
};

async function carteira(db: Db, fim: string) {
  return query<{ contratacao: string; beneficiarios: number; planos: number; empresas: number }>(
    db,
    sql`select p.contratacao, count(*)::int as beneficiarios, count(distinct b.produto)::int as planos, count(distinct b.empresa)::int as empresas
        from beneficiarios b join produtos p on p.id = b.produto
        where b.data_adesao <= ${fim}::date and (b.situacao <> 'CANCELADO' or b.data_situacao > ${fim}::date)
        group by p.contratacao order by p.contratacao`,
  );
}

const texto = (v: string | number | null | undefined) => (v == null ? '' : String(v));
const opcional = (nome: string, v: string | number | null | undefined): No | null => (v == null || v === '' ? null : [nome, String(v)]);

async function previa(ctx: AppContext, _s: unknown, p: Params): Promise<Previa> {
  const t = trimestreDe(p);
  const op = await lerOperadora(ctx.db);
  const f = faltando(op);
  return {
    total: 0,
    resumo: f.length ? `Preencha no cadastro da operadora (Operadoras) antes de gerar: ${f.join(', ')}.` : `DIOPS cadastral do ${trimestreBr(t)} de ${texto(op.razao_social)}, com a carteira em ${periodoDoTrimestre(t)!.fim.split('-').reverse().join('/')}.`,
    amostra: [],
  };
}

export const diopsCadastralExport = defineJobKind<Params>({
  tipo: diopsCadastral.tipo,
  comandos: [diopsCadastral.comando],
  params: paramsSchema(diopsCadastral) as never,
  title: (_ctx, _c, p) => `DIOPS cadastral ${String(p.trimestre).replace(/^(\d)(\d{4})$/, '$1/$2')}`,
  preview: previa,
  async run(job, p) {
    const { db } = job.ctx;
    const t = trimestreDe(p);
    const op = await lerOperadora(db);
    const f = faltando(op);
    if (f.length) throw AppError.of(422, `Preencha no cadastro da operadora (Operadoras) antes de gerar: ${f.join(', ')}.`);
    const fim = periodoDoTrimestre(t)!.fim;
    const cart = await carteira(db, fim);
    const bytes = escreverMensagem(
      [
        ['cabecalho', [['registroANS', texto(op.registro_ans)], ['cnpj', texto(op.cnpj)], ['trimestre', t], ['dataBase', fim]]],
        [
          'mensagem',
          [
            [
              'operadora',
              [
                ['razaoSocial', texto(op.razao_social)],
                opcional('nomeFantasia', op.nome_fantasia),
                ['modalidade', texto(op.modalidade)],
                [
                  'endereco',
                  [['logradouro', texto(op.logradouro)], ['numero', texto(op.numero)], opcional('complemento', op.complemento), ['bairro', texto(op.bairro)], ['codigoMunicipio', texto(op.cidade)], ['uf', texto(op.uf)], ['cep', texto(op.cep)]],
                ],
                ['telefone', texto(op.telefone)],
                ['email', texto(op.email)],
                opcional('site', op.site),
              ],
            ],
            ['representanteLegal', [['nome', texto(op.representante_nome)], ['cpf', texto(op.representante_cpf)], opcional('cargo', op.representante_cargo)]],
            ['responsavelTecnico', [['nome', texto(op.diretor_tecnico_nome)], ['cpf', texto(op.diretor_tecnico_cpf)], opcional('crm', op.diretor_tecnico_crm), opcional('ufCrm', op.diretor_tecnico_uf_crm)]],
            op.auditor_cnpj ? ['auditorIndependente', [['razaoSocial', texto(op.auditor_nome)], ['cnpj', texto(op.auditor_cnpj)]]] : null,
            ...cart.map((c): No => ['carteira', [['tipoContratacao', CODIGO_CONTRATACAO[c.contratacao] ?? c.contratacao], ['beneficiarios', c.beneficiarios], ['planos', c.planos], ['empresasContratantes', c.contratacao === 'INDIVIDUAL' ? 0 : c.empresas]]]),
          ],
        ],
      ],
      'mensagemDIOPS',
      DIOPS_NS,
    );
    if (!op.auditor_cnpj) await job.log('Auditor independente não informado em Operadoras: o bloco do auditor ficou fora.', 'aviso');
    const hash = hashInformado(bytes.toString('latin1')) ?? '';
    const nome = `DIOPS_CADASTRAL_${texto(op.registro_ans)}_${t.replace('-', 'T')}.xml`;
    await registrarRemessa(job, { tipo: 'DIOPS', competencia: t, nome, kind: 'xml', bytes, hash, registros: [] });
    await job.log(`Arquivo ${nome}: carteira de ${cart.reduce((s, c) => s + c.beneficiarios, 0).toLocaleString('pt-BR')} beneficiários em ${fim.split('-').reverse().join('/')}; hash ${hash}.`);
  },
});
