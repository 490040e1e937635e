import { sql } from 'drizzle-orm';
import { FLUXO, hojeSaoPaulo, type Acao, type Canal, type Status, type TipoDocumento } from '../../../shared/protocolos';
import type { Db } from '../client';
import { query } from '../sql';
import { proximoNumero } from '../../protocolos/registro';
import { DEMO_PESSOAS } from './people';

/**
 * The document desk's demo protocols (the same in every seed size): what an operator's desk receives in a month —
 * the demo beneficiaries' requests and appeal, the demo clinic's contract addendum, a client company's inclusions,
 * a law firm's notification — each numbered in the order it was registered, with the history that led to its status.
 */

type Remetente =
  | { tipo: 'BENEFICIARIO'; cpf: string }
  | { tipo: 'PRESTADOR'; codigo?: string }
  | { tipo: 'EMPRESA'; razaoSocial: string }
  | { tipo: 'OUTRO'; nome: string; documento: string };

interface Demo {
  /** Received this many days ago; registered `minutos` after the start of that moment. */
  dias: number;
  remetente: Remetente;
  tipo: TipoDocumento;
  assunto: string;
  setor: string;
  folhas: number;
  canal: Canal;
  observacao?: string;
  /** The steps after the registration: action, hours after it, note. */
  passos: [Acao, number, string?][];
}

const DEMOS: Demo[] = [
  {
    dias: 26,
    remetente: { tipo: 'BENEFICIARIO', cpf: DEMO_PESSOAS.titular.cpf },
    tipo: 'REQUERIMENTO',
    assunto: 'Reembolso de consultas com nutricionista fora da rede (recibos de setembro e outubro)',
    setor: 'Financeiro',
    folhas: 4,
    canal: 'PRESENCIAL',
    observacao: 'Recibos originais conferidos no balcão; cópia do pedido médico anexada.',
    passos: [
      ['encaminhar', 1],
      ['concluir', 150, 'Reembolso calculado pela tabela do plano e liberado no lote de pagamento; beneficiária avisada por e-mail.'],
    ],
  },
  {
    dias: 21,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'CONTRATO',
    assunto: 'Termo aditivo ao contrato de credenciamento: inclusão de ultrassonografia e ecocardiograma',
    setor: 'Cadastro',
    folhas: 14,
    canal: 'CORREIOS',
    observacao: 'Duas vias assinadas pelo responsável legal, com firma reconhecida.',
    passos: [['encaminhar', 3, 'Conferir a tabela de preços anexa antes de assinar.']],
  },
  {
    dias: 17,
    remetente: { tipo: 'PRESTADOR' },
    tipo: 'RECURSO',
    assunto: 'Recurso de glosa da fatura de setembro (diárias de UTI glosadas por falta de evolução)',
    setor: 'Faturamento',
    folhas: 22,
    canal: 'PORTAL',
    passos: [
      ['encaminhar', 2],
      ['concluir', 96, 'Glosa revertida em parte (3 das 5 diárias); valores no demonstrativo de pagamento do próximo lote.'],
    ],
  },
  {
    dias: 13,
    remetente: { tipo: 'BENEFICIARIO', cpf: DEMO_PESSOAS.carencia.cpf },
    tipo: 'RECURSO',
    assunto: 'Recurso contra a negativa de ressonância magnética de joelho em período de carência',
    setor: 'Auditoria médica',
    folhas: 6,
    canal: 'EMAIL',
    observacao: 'Beneficiária alega urgência; relatório do ortopedista anexado.',
    passos: [['encaminhar', 1, 'Prioridade: alegação de urgência.']],
  },
  {
    dias: 10,
    remetente: { tipo: 'BENEFICIARIO', cpf: DEMO_PESSOAS.suspenso.cpf },
    tipo: 'REQUERIMENTO',
    assunto: 'Parcelamento das mensalidades em atraso e reativação do plano',
    setor: 'Financeiro',
    folhas: 2,
    canal: 'PRESENCIAL',
    passos: [
      ['encaminhar', 1],
      ['devolver', 30, 'Falta o comprovante de renda e o documento de identidade; o beneficiário foi orientado a reapresentar o pedido completo.'],
    ],
  },
  {
    dias: 7,
    remetente: { tipo: 'EMPRESA', razaoSocial: 'Metalúrgica Vale do Aço Ltda' },
    tipo: 'REQUERIMENTO',
    assunto: 'Inclusão de 12 empregados admitidos em outubro no plano coletivo empresarial',
    setor: 'Cadastro',
    folhas: 9,
    canal: 'EMAIL',
    passos: [
      ['encaminhar', 2],
      ['concluir', 52, 'Inclusões processadas; carteirinhas virtuais enviadas ao RH da empresa.'],
    ],
  },
  {
    dias: 5,
    remetente: { tipo: 'OUTRO', nome: 'Andrade & Lopes Advogados Associados', documento: '27845319000174' },
    tipo: 'OUTROS',
    assunto: 'Notificação extrajudicial sobre a negativa de internação de beneficiária',
    setor: 'Ouvidoria',
    folhas: 11,
    canal: 'CORREIOS',
    observacao: 'Prazo de resposta pedido pelo escritório: 10 dias.',
    passos: [['encaminhar', 4, 'Avisar a auditoria médica e responder dentro do prazo.']],
  },
  {
    dias: 4,
    remetente: { tipo: 'EMPRESA', razaoSocial: 'Transportadora Rodominas Ltda' },
    tipo: 'REQUERIMENTO',
    assunto: 'Segunda via das faturas de setembro e outubro do contrato coletivo',
    setor: 'Financeiro',
    folhas: 1,
    canal: 'EMAIL',
    passos: [['cancelar', 2, 'Pedido recebido em duplicidade por e-mail; atendido no protocolo anterior da empresa.']],
  },
  {
    dias: 2,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'DECLARACAO',
    assunto: 'Declaração de troca do responsável técnico da clínica',
    setor: 'Cadastro',
    folhas: 3,
    canal: 'PORTAL',
    passos: [],
  },
  // the providers' invoices (notas fiscais) of the month's services: the desk checks each and returns the wrong ones
  {
    dias: 24,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'NOTA_FISCAL',
    assunto: 'Nota fiscal de serviços nº 4.812 – consultas e exames de setembro',
    setor: 'Faturamento',
    folhas: 2,
    canal: 'PORTAL',
    passos: [
      ['encaminhar', 1],
      ['concluir', 48, 'Nota conferida com o lote de guias de setembro; enviada ao contas a pagar.'],
    ],
  },
  {
    dias: 19,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'NOTA_FISCAL',
    assunto: 'Nota fiscal de serviços nº 4.907 – ultrassonografias de outubro',
    setor: 'Faturamento',
    folhas: 1,
    canal: 'PORTAL',
    passos: [
      ['encaminhar', 2],
      ['devolver', 26, 'Nota emitida com o CNPJ antigo da clínica; emitir de novo com o CNPJ do contrato vigente.'],
    ],
  },
  {
    dias: 15,
    remetente: { tipo: 'PRESTADOR' },
    tipo: 'NOTA_FISCAL',
    assunto: 'Nota fiscal nº 23.551 – diárias e taxas de internação de outubro',
    setor: 'Faturamento',
    folhas: 3,
    canal: 'CORREIOS',
    passos: [
      ['encaminhar', 3],
      ['devolver', 30, 'Valor da nota (R$ 48.310,00) diferente do total do lote faturado (R$ 46.985,40).'],
    ],
  },
  {
    dias: 9,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'NOTA_FISCAL',
    assunto: 'Nota fiscal de serviços nº 4.958 – consultas de outubro',
    setor: 'Faturamento',
    folhas: 1,
    canal: 'EMAIL',
    passos: [
      ['encaminhar', 1],
      ['devolver', 20, 'Competência da nota (setembro) diferente da competência das guias (outubro).'],
    ],
  },
  {
    dias: 3,
    remetente: { tipo: 'PRESTADOR', codigo: DEMO_PESSOAS.prestador.codigo },
    tipo: 'NOTA_FISCAL',
    assunto: 'Nota fiscal de serviços nº 5.003 – exames laboratoriais de outubro',
    setor: 'Faturamento',
    folhas: 2,
    canal: 'PORTAL',
    passos: [['encaminhar', 4]],
  },
  {
    dias: 0,
    remetente: { tipo: 'OUTRO', nome: 'Marcos Vinícius Rocha', documento: '41827593628' },
    tipo: 'LAUDO',
    assunto: 'Laudo neurológico do filho para análise de cobertura de terapias (TEA)',
    setor: 'Auditoria médica',
    folhas: 5,
    canal: 'PRESENCIAL',
    observacao: 'Entregue pelo pai, procurador do beneficiário menor.',
    passos: [],
  },
];

export async function seedProtocolos(db: Db) {
  const [operador] = await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'operadora'`);
  const setores = new Map((await query<{ id: number; descricao: string }>(db, sql`select id, descricao from setores_empresa`)).map((s) => [s.descricao, s.id]));
  const agora = Date.now();
  const hora = 3_600_000;
  // registered in order of arrival, so the numbers follow the days
  for (const [k, d] of [...DEMOS].sort((a, b) => b.dias - a.dias).entries()) {
    // opening hours: 9h in São Paulo plus a few minutes per protocol; today's was registered an hour ago
    const criado = d.dias === 0 ? new Date(agora - hora) : new Date(Date.parse(`${hojeSaoPaulo(new Date(agora - d.dias * 24 * hora))}T12:00:00Z`) + k * 7 * 60_000);
    const recebidoEm = hojeSaoPaulo(criado);
    const r = await remetenteDe(db, d.remetente);
    const setorId = setores.get(d.setor)!;
    let status: Status = 'PROTOCOLADO';
    let motivo: string | null = null;
    const historico: { em: Date; acao: Acao | 'registrar'; de: Status | null; para: Status; nota: string | null; setorId: number | null }[] = [
      { em: criado, acao: 'registrar', de: null, para: status, nota: null, setorId },
    ];
    for (const [acao, horas, nota] of d.passos) {
      const para = FLUXO.transitions[acao].to;
      historico.push({ em: new Date(Math.min(criado.getTime() + horas * hora, agora - 5 * 60_000)), acao, de: status, para, nota: nota ?? null, setorId: acao === 'encaminhar' ? setorId : null });
      if (FLUXO.transitions[acao].reason) motivo = nota ?? null;
      status = para;
    }
    const numero = await proximoNumero(db, Number(recebidoEm.slice(0, 4)));
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into protocolos_documentos (numero, status, remetente_tipo, beneficiario_id, prestador_id, remetente_nome, remetente_documento, tipo_documento,
          assunto, setor_id, folhas, recebido_em, canal, observacao, motivo, criado_por_id, criado_em, atualizado_em, version)
        values (${numero}, ${status}, ${d.remetente.tipo}, ${r.beneficiarioId}, ${r.prestadorId}, ${r.nome}, ${r.documento}, ${d.tipo},
          ${d.assunto}, ${setorId}, ${d.folhas}, ${recebidoEm}, ${d.canal}, ${d.observacao ?? null}, ${motivo}, ${operador.id}, ${criado.toISOString()}::timestamptz,
          ${historico.length > 1 ? historico.at(-1)!.em.toISOString() : null}::timestamptz, ${historico.length}) returning id`,
    );
    for (const h of historico)
      await db.execute(
        sql`insert into protocolo_historico (protocolo_id, em, usuario_id, usuario_nome, acao, de, para, nota, setor_id)
          values (${id}, ${h.em.toISOString()}::timestamptz, ${operador.id}, ${operador.nome}, ${h.acao}, ${h.de}, ${h.para}, ${h.nota}, ${h.setorId})`,
      );
  }
}

async function remetenteDe(db: Db, r: Remetente): Promise<{ nome: string; documento: string | null; beneficiarioId: number | null; prestadorId: number | null }> {
  switch (r.tipo) {
    case 'BENEFICIARIO': {
      const [b] = await query<{ id: number; nome: string; cpf: string }>(db, sql`select id, nome, cpf from beneficiarios where cpf = ${r.cpf}`);
      return { nome: b.nome, documento: b.cpf, beneficiarioId: b.id, prestadorId: null };
    }
    case 'PRESTADOR': {
      // the demo clinic, or a hospital's billing desk (the first hospital; any other company when there is none)
      const [p] = await query<{ id: number; nome: string; cnpj: string | null; cpf: string | null }>(
        db,
        r.codigo
          ? sql`select id, nome, cnpj, cpf from prestadores where codigo = ${r.codigo}`
          : sql`select id, nome, cnpj, cpf from prestadores where cnpj is not null and codigo <> ${DEMO_PESSOAS.prestador.codigo} order by (nome like 'Hospital%') desc, id limit 1`,
      );
      return { nome: p.nome, documento: p.cnpj ?? p.cpf, beneficiarioId: null, prestadorId: p.id };
    }
    case 'EMPRESA': {
      const [e] = await query<{ razao_social: string; cnpj: string }>(db, sql`select razao_social, cnpj from empresas where razao_social = ${r.razaoSocial}`);
      return { nome: e.razao_social, documento: e.cnpj, beneficiarioId: null, prestadorId: null };
    }
    case 'OUTRO':
      return { nome: r.nome, documento: r.documento, beneficiarioId: null, prestadorId: null };
  }
}

