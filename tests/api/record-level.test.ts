import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PESSOAS } from '../../src/server/db/seed/people';
import { totaisDosProtocolos } from '../../src/server/faturamento/totais-protocolo';
import { TIPO_KEYS, slugOf, solicitacaoSchema } from '../../src/shared/autorizacoes';
import { clinicosSchemaDe } from '../../src/shared/autorizacoes/clinicos';
import { resources, type Resource } from '../../src/shared/resources';
import { financeiroResources } from '../../src/shared/resources/financeiro';
import { pessoasResources } from '../../src/shared/resources/pessoas';
import { as, loginAs, PDF_PEDIDO, startTestApp, type TestApp } from './harness';

/**
 * Issue #8 (Trust): record-level rules. A beneficiary or a dependent reaches only their own family's records; a
 * provider (and its administrative staff) only its own provider record and the authorization requests it made or
 * executes. Every endpoint that answers people (beneficiaries, dependents, providers), authorization requests or
 * money is listed below as data — a list, a record by id, or a write — and every case runs for each of the four
 * restricted users against records of their own and of others:
 * - lists: every record in the answer belongs to the user (or the endpoint refuses the user: 403);
 * - a record by id: their own answers 200; another's answers 403 or 404 with no data of it in the body;
 * - writes aimed at another's record are refused (403/404) and the database does not change.
 * Endpoints that by their purpose show others' records (a provider checks any patient's eligibility, picks the
 * patient of a request, the provider search dialog of spec §7) are marked `byDesign` with the reason.
 *
 * To cover a new endpoint: add a case to LISTS, DETAILS or WRITES (or to NOT_RECORDS with the reason); the last
 * test fails while a route of these modules is in none of them. The authorization lists are taken from the route
 * table, so a new list is checked without editing this file.
 */

type Who = 'beneficiario' | 'dependente' | 'prestador' | 'prestadoradm';
const WHO: Who[] = ['beneficiario', 'dependente', 'prestador', 'prestadoradm'];
type Kind = 'beneficiario' | 'prestador' | 'autorizacao' | 'atualizacao' | 'protocolo' | 'atendimento' | 'recebimento' | 'manifestacao' | 'adesao' | 'fatura' | 'fechamento' | 'reembolso' | 'reembolsoEquipe' | 'rpa' | 'solicitacaopagamento' | 'pagamento' | 'integracao';
interface Found {
  kind: Kind;
  id: number;
}
interface User {
  login: Who;
  call: ReturnType<typeof as>;
  beneficiarioId: number | null;
  prestadorId: number | null;
  family: number[];
}

let t: TestApp;
let op: ReturnType<typeof as>;
const users = {} as Record<Who, User>;
/** The records the cases aim at: the demo family's and provider's, and others'. */
const fx = {} as {
  titular: number;
  dependente: number;
  outroBenef: number;
  p1: number;
  p2: number;
  /** authorizations: of the family (another provider), of the provider (another family), executed by it, of others */
  autFamilia: number;
  autPrestador: number;
  autExecutante: number;
  autOutros: number;
  /** data-update requests: the family's and another family's */
  atuFamilia: number;
  atuOutra: number;
  /** document protocols sent by the demo family and by the demo provider (the desk's records: none of theirs to see) */
  protFamilia: number;
  protPrestador: number;
  /** service-desk contacts with the demo family and with the demo provider (the desk's screen: none of theirs to open) */
  atdFamilia: number;
  atdPrestador: number;
  /** TISS lots received (billing money): of the demo provider and of another provider */
  recPrestador: number;
  recOutro: number;
  /** a billed item of each of those lots (the review decides them: the operator's only) */
  itemPrestador: number;
  itemOutro: number;
  /** the ombudsman's manifestações of the demo family and of another family */
  manFamilia: number;
  manOutra: number;
  /** membership requests of the demo titular and of another family */
  adeFamilia: number;
  adeOutra: number;
  /** authorized guides (with a senha) executed by the demo provider and by another, of another family */
  autSenhaP1: number;
  autSenhaP2: number;
  /** bills typed in the portal by the demo provider and by another */
  fatP1: number;
  fatP2: number;
  /** protocols whose review is closed with a released value (demonstrativos, glosa closing): of the demo provider and of another */
  recFechadoP1: number;
  recFechadoP2: number;
  /** reimbursement requests of the demo family (the dependent attended) and of another family */
  reeFamilia: number;
  reeOutra: number;
  /** RPAs (money of a provider) of the demo provider and of another one */
  rpaPrestador: number;
  rpaOutro: number;
  /** payment requests and payables of the demo provider and of another one */
  solPrestador: number;
  solOutra: number;
  pagPrestador: number;
  pagOutro: number;
  /** a beneficiary movement and an attendance received by integration (the analysts' records: none of theirs) */
  intBeneficiario: number;
  intAtendimento: number;
};
/** The senha of each authorized guide above, by its id. */
const senhas = new Map<number, string>();

const rowsOf = <T,>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);
const q = async <T,>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const one = async (query: ReturnType<typeof sql>) => (await q<{ id: number }>(query))[0].id;

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  fx.titular = await one(sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.titular.matricula}`);
  fx.dependente = await one(sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.dependente.matricula}`);
  fx.outroBenef = await one(sql`select id from beneficiarios where matricula = ${DEMO_PESSOAS.suspenso.matricula}`);
  fx.p1 = await one(sql`select id from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  fx.p2 = await one(sql`select id from prestadores where id <> ${fx.p1} order by id limit 1`);
  // four seeded requests rearranged so each ownership combination exists, dated today and waiting for audit
  const auts = (await q<{ id: number }>(sql`select id from autorizacoes order by id limit 4 offset 10`)).map((r) => r.id);
  const arrange = async (id: number, benef: number, prest: number, exec: number | null) =>
    t.database.db.execute(
      sql`update autorizacoes set beneficiario_id = ${benef}, prestador_id = ${prest}, prestador_executante_id = ${exec}, data_solicitacao = current_date, status = 2 where id = ${id}`,
    );
  [fx.autFamilia, fx.autPrestador, fx.autExecutante, fx.autOutros] = auts;
  await arrange(fx.autFamilia, fx.titular, fx.p2, null);
  await arrange(fx.autPrestador, fx.outroBenef, fx.p1, null);
  await arrange(fx.autExecutante, fx.outroBenef, fx.p2, fx.p1);
  await arrange(fx.autOutros, fx.outroBenef, fx.p2, null);
  const atualizacao = async (benef: number, protocolo: string) =>
    one(sql`insert into atualizacoes_cadastrais (protocolo, beneficiario_id, dados, anteriores) values (${protocolo}, ${benef}, ${JSON.stringify({ email: 'novo@exemplo.com.br' })}::jsonb, '{}'::jsonb) returning id`);
  fx.atuFamilia = await atualizacao(fx.dependente, 'T-FAMILIA');
  fx.atuOutra = await atualizacao(fx.outroBenef, 'T-OUTRA');
  const protocolo = async (numero: string, remetente: string) =>
    one(sql`insert into protocolos_documentos (numero, remetente_tipo, beneficiario_id, prestador_id, remetente_nome, tipo_documento, assunto, setor_id, folhas, recebido_em, canal)
      select ${numero}, ${remetente}, ${remetente === 'BENEFICIARIO' ? fx.titular : null}, ${remetente === 'PRESTADOR' ? fx.p1 : null},
        case when ${remetente} = 'BENEFICIARIO' then (select nome from beneficiarios where id = ${fx.titular}) else (select nome from prestadores where id = ${fx.p1}) end,
        'REQUERIMENTO', 'Pedido de teste de regra de registro', (select min(id) from setores_empresa), 1, current_date, 'PRESENCIAL' returning id`);
  fx.protFamilia = await protocolo('1999/000001', 'BENEFICIARIO');
  fx.protPrestador = await protocolo('1999/000002', 'PRESTADOR');
  const atendimento = async (protocolo: string, pessoa: 'BENEFICIARIO' | 'PRESTADOR') =>
    one(sql`insert into atendimentos (protocolo, pessoa_tipo, beneficiario_id, prestador_id, pessoa_nome, canal, motivo, descricao, inicio, atendente_nome)
      select ${protocolo}, ${pessoa}, ${pessoa === 'BENEFICIARIO' ? fx.titular : null}, ${pessoa === 'PRESTADOR' ? fx.p1 : null},
        case when ${pessoa} = 'BENEFICIARIO' then (select nome from beneficiarios where id = ${fx.titular}) else (select nome from prestadores where id = ${fx.p1}) end,
        'TELEFONE', 'INFORMACAO', 'Contato de teste de regra de registro', now() - interval '1 hour', 'Olívia Operadora' returning id`);
  fx.atdFamilia = await atendimento('99999919990101000001', 'BENEFICIARIO');
  fx.atdPrestador = await atendimento('99999919990101000002', 'PRESTADOR');
  const recebimento = async (numero: string, prestador: number) =>
    one(sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos)
      values (${numero}, ${prestador}, ${`L${numero.slice(-6)}`}, '4.03.00', 'SP-SADT', 1, 12345) returning id`);
  fx.recPrestador = await recebimento('199900000001', fx.p1);
  fx.recOutro = await recebimento('199900000002', fx.p2);
  const itemDe = async (protocolo: number) => {
    const guia = await one(sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos)
      values (${protocolo}, 1, 'G-1', '0000', current_date, 12345) returning id`);
    return one(sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos)
      select ${guia}, 1, current_date, '22', codigo, id, 1, 12345, 12345 from procedimentos order by id limit 1 returning id`);
  };
  fx.itemPrestador = await itemDe(fx.recPrestador);
  fx.itemOutro = await itemDe(fx.recOutro);
  const manifestacao = async (protocolo: string, beneficiarioId: number) =>
    one(sql`insert into manifestacoes (protocolo, beneficiario_id, beneficiario_nome, tipo, assunto, descricao, canal, contato, prazo, registrada_por)
      select ${protocolo}, id, nome, 'RECLAMACAO', 'REDE', ${`Manifestação de teste de regra de registro ${protocolo}`}, 'TELEFONE', 'PORTAL', current_date + 10, 'Otávio Ouvidoria'
      from beneficiarios where id = ${beneficiarioId} returning id`);
  fx.manFamilia = await manifestacao('99999919990101000003', fx.titular);
  fx.manOutra = await manifestacao('99999919990101000004', fx.outroBenef);
  const adesao = async (protocolo: string, titularId: number, cpf: string) =>
    one(sql`insert into solicitacoes_adesao (protocolo, titular_id, titular_nome, nome, cpf, data_nascimento, sexo, relacao_dependencia, nome_mae, solicitada_por)
      select ${protocolo}, id, nome, ${`Dependente de teste ${protocolo.slice(-2)}`}, ${cpf}, date '2015-06-01', '3', '4', 'Mãe de teste de regra de registro', 'Olívia Operadora'
      from beneficiarios where id = ${titularId} returning id`);
  fx.adeFamilia = await adesao('99999919990101000005', fx.titular, '71428793860');
  fx.adeOutra = await adesao('99999919990101000006', fx.outroBenef, '45317828791');
  // flow 1 typed in the portal: two authorized guides, a typed bill of each provider, two reviewed protocols
  const autorizada = async (offset: number, prest: number, senha: string) => {
    const id = await one(sql`update autorizacoes set status = 1, senha = ${senha}, tipo = 'SP_SADT', beneficiario_id = ${fx.outroBenef}, prestador_id = ${prest}, prestador_executante_id = null,
        data_autorizacao = current_date - 3, validade_senha = current_date + 27
      where id = (select id from autorizacoes order by id limit 1 offset ${offset}) returning id`);
    senhas.set(id, senha);
    return id;
  };
  fx.autSenhaP1 = await autorizada(30, fx.p1, 'RL-SENHA-P1');
  fx.autSenhaP2 = await autorizada(31, fx.p2, 'RL-SENHA-P2');
  const fatura = async (prest: number, aut: number, guia: string) => {
    const id = await one(sql`insert into faturas_digitadas (prestador_id, autorizacao_id, tipo_guia, numero_guia_prestador, senha, beneficiario_id, numero_carteira, data_atendimento,
        conselho, numero_conselho, uf_conselho, cbo, valor_informado_centavos)
      select ${prest}, ${aut}, 'SP-SADT', ${guia}, ${senhas.get(aut)!}, id, carteirinha, current_date - 1, '06', '1234', 'MG', '225125', 5000 from beneficiarios where id = ${fx.outroBenef} returning id`);
    await t.database.db.execute(sql`insert into faturas_digitadas_itens (fatura_id, sequencial, data, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_total_centavos)
      select ${id}, 1, current_date - 1, codigo, id, 1, 5000, 5000 from procedimentos order by id limit 1`);
    return id;
  };
  fx.fatP1 = await fatura(fx.p1, fx.autSenhaP1, 'RL-GUIA-P1');
  fx.fatP2 = await fatura(fx.p2, fx.autSenhaP2, 'RL-GUIA-P2');
  const fechado = async (numero: string, prestador: number) => {
    const id = await recebimento(numero, prestador);
    await itemDe(id);
    // closed from typed bills (the closing screen's receipt serves only those)
    await t.database.db.execute(sql`update protocolos_recebimento set status = '5', analise_encerrada_em = now(), origem = 'PORTAL' where id = ${id}`);
    await t.database.db.execute(sql`update itens_faturados i set valor_liberado_centavos = 10000, valor_glosa_centavos = 2345, glosa_codigo = '1705'
      from guias_faturadas g where g.id = i.guia_id and g.protocolo_id = ${id}`);
    // the guides' totals, as the review keeps them
    await t.database.db.execute(sql`update guias_faturadas g set valor_liberado_centavos = s.l, valor_glosa_centavos = s.gl
      from (select guia_id, sum(valor_liberado_centavos) as l, sum(valor_glosa_centavos) as gl from itens_faturados group by guia_id) s where s.guia_id = g.id and g.protocolo_id = ${id}`);
    await t.database.db.execute(totaisDosProtocolos(sql`p.id = ${id}`));
    return id;
  };
  fx.recFechadoP1 = await fechado('199900000003', fx.p1);
  fx.recFechadoP2 = await fechado('199900000004', fx.p2);
  const reembolso = async (protocolo: string, beneficiarioId: number) =>
    one(sql`insert into reembolsos (protocolo, beneficiario_id, beneficiario_nome, profissional_nome, profissional_conselho, profissional_numero, profissional_uf, profissional_documento,
        procedimento_id, data_atendimento, valor_pago_centavos, solicitado_por)
      select ${protocolo}, b.id, b.nome, 'Dra. Regra de Registro', 'CRM', '1234', 'MG', '52998224725', (select id from procedimentos where codigo = '10101012'), current_date - 3, 35000, 'Olívia Operadora'
      from beneficiarios b where b.id = ${beneficiarioId} returning id`);
  fx.reeFamilia = await reembolso('99999919990101000007', fx.dependente);
  fx.reeOutra = await reembolso('99999919990101000008', fx.outroBenef);
  const rpa = async (numero: string, prestador: number) =>
    one(sql`insert into rpas (numero, prestador_id, data_emissao, competencia, valor_bruto_centavos, base_inss_centavos, inss_centavos, base_irrf_centavos, irrf_centavos, iss_centavos,
        valor_liquido_centavos, calculo, emitido_por)
      values (${numero}, ${prestador}, current_date, to_char(current_date, 'YYYY-MM'), 100000, 100000, 11000, 89000, 0, 2000, 87000, '{"linhas":[],"notas":[]}'::jsonb, 'Olívia Operadora') returning id`);
  fx.rpaPrestador = await rpa('1999000001', fx.p1);
  fx.rpaOutro = await rpa('1999000002', fx.p2);
  const pagamento = async (numero: string, prestador: number) =>
    one(sql`insert into pagamentos_prestadores (numero, prestador_id, competencia, qtd_protocolos, valor_bruto_centavos, valor_retencoes_centavos, valor_liquido_centavos, consolidado_por)
      values (${numero}, ${prestador}, to_char(current_date, 'YYYY-MM'), 1, 12345, 0, 12345, 'Olívia Operadora') returning id`);
  fx.pagPrestador = await pagamento('1999000001', fx.p1);
  fx.pagOutro = await pagamento('1999000002', fx.p2);
  const solicitacaoPagamento = async (numero: string, prestador: number, pagamentoId: number) =>
    one(sql`insert into solicitacoes_pagamento (numero, prestador_id, status, qtd_protocolos, valor_total_centavos, pagamento_id, solicitado_por)
      values (${numero}, ${prestador}, 'CONSOLIDADA', 0, 12345, ${pagamentoId}, 'Olívia Operadora') returning id`);
  fx.solPrestador = await solicitacaoPagamento('1999000001', fx.p1, fx.pagPrestador);
  fx.solOutra = await solicitacaoPagamento('1999000002', fx.p2, fx.pagOutro);
  fx.intBeneficiario = await one(sql`select id from integracoes_beneficiarios where status = 'PENDENTE' order by id limit 1`);
  fx.intAtendimento = await one(sql`select id from integracoes_atendimentos where status = 'PENDENTE' order by id limit 1`);

  for (const login of WHO) {
    const [u] = await q<{ beneficiario_id: number | null; prestador_id: number | null }>(sql`select beneficiario_id, prestador_id from usuarios where login = ${login}`);
    const family = u.beneficiario_id
      ? (await q<{ id: number }>(sql`select id from beneficiarios where coalesce(titular, id) = (select coalesce(titular, id) from beneficiarios where id = ${u.beneficiario_id})`)).map((r) => r.id)
      : [];
    users[login] = { login, call: as(t.app, await loginAs(t.app, login)), beneficiarioId: u.beneficiario_id, prestadorId: u.prestador_id, family };
  }
  // the fixtures are what they claim to be
  expect(users.beneficiario.family).toEqual(expect.arrayContaining([fx.titular, fx.dependente]));
  expect(users.beneficiario.family).not.toContain(fx.outroBenef);
  expect(users.dependente.family.sort()).toEqual(users.beneficiario.family.sort());
  expect(users.prestador.prestadorId).toBe(fx.p1);
  expect(users.prestadoradm.prestadorId).toBe(fx.p1);
}, 120_000);
afterAll(() => t?.close());

// ---- ownership: the rule under test, written from the issue, independent of the server's code ---------------------

async function owns(u: User, f: Found): Promise<boolean> {
  switch (f.kind) {
    case 'beneficiario':
      return u.family.includes(f.id);
    case 'prestador':
      return u.prestadorId != null && u.prestadorId === f.id;
    case 'autorizacao': {
      const [a] = await q<{ b: number; p: number; e: number | null }>(sql`select beneficiario_id as b, prestador_id as p, prestador_executante_id as e from autorizacoes where id = ${f.id}`);
      if (!a) return false;
      return u.family.includes(a.b) || (u.prestadorId != null && (a.p === u.prestadorId || a.e === u.prestadorId));
    }
    case 'atualizacao': {
      const [a] = await q<{ b: number }>(sql`select beneficiario_id as b from atualizacoes_cadastrais where id = ${f.id}`);
      return !!a && u.family.includes(a.b);
    }
    case 'protocolo':
      // the document desk's records: not even the sender reaches them through the portal
      return false;
    case 'atendimento':
      // the service desk's screen: no restricted user holds its command (the policy would give them only their own)
      return false;
    case 'recebimento': {
      const [r] = await q<{ p: number }>(sql`select prestador_id as p from protocolos_recebimento where id = ${f.id}`);
      return !!r && u.prestadorId != null && r.p === u.prestadorId;
    }
    case 'manifestacao': {
      const [m] = await q<{ b: number }>(sql`select beneficiario_id as b from manifestacoes where id = ${f.id}`);
      return !!m && u.family.includes(m.b);
    }
    case 'fatura': {
      const [fat] = await q<{ p: number }>(sql`select prestador_id as p from faturas_digitadas where id = ${f.id}`);
      return !!fat && u.prestadorId != null && fat.p === u.prestadorId;
    }
    // closing glosas is the operator's screen: not even the protocol's own provider opens it;
    // the integrations' analysis: no restricted user holds its commands
    case 'fechamento':
    case 'integracao':
      return false;
    case 'adesao': {
      // the titular's screen: the dependent's own user does not hold the command (refused even the family's)
      if (u.login !== 'beneficiario') return false;
      const [a] = await q<{ b: number }>(sql`select titular_id as b from solicitacoes_adesao where id = ${f.id}`);
      return !!a && u.family.includes(a.b);
    }
    case 'reembolso': {
      // the titular's screen (the dependent's own user does not hold it): the family's members' requests
      if (u.login !== 'beneficiario') return false;
      const [r] = await q<{ b: number }>(sql`select beneficiario_id as b from reembolsos where id = ${f.id}`);
      return !!r && u.family.includes(r.b);
    }
    case 'reembolsoEquipe':
      // the same requests through the desk's and the billing staff's screens: no restricted user holds them
      return false;
    case 'rpa': {
      const [r] = await q<{ p: number }>(sql`select prestador_id as p from rpas where id = ${f.id}`);
      return !!r && u.prestadorId != null && r.p === u.prestadorId;
    }
    case 'solicitacaopagamento': {
      // the provider's administrative staff's screen only
      if (u.login !== 'prestadoradm') return false;
      const [r] = await q<{ p: number }>(sql`select prestador_id as p from solicitacoes_pagamento where id = ${f.id}`);
      return !!r && r.p === u.prestadorId;
    }
    case 'pagamento':
      // finance's payables: no restricted user holds the screen
      return false;
  }
}

/** What would identify another's record in a body that should not carry it. */
async function identifiers(f: Found): Promise<string[]> {
  switch (f.kind) {
    case 'beneficiario':
      return (await q<{ nome: string; cpf: string | null; carteirinha: string }>(sql`select nome, cpf, carteirinha from beneficiarios where id = ${f.id}`)).flatMap((r) => [r.nome, r.cpf ?? '', r.carteirinha]).filter(Boolean);
    case 'prestador':
      return (await q<{ nome: string; cpf: string | null; cnpj: string | null }>(sql`select nome, cpf, cnpj from prestadores where id = ${f.id}`)).flatMap((r) => [r.nome, r.cpf ?? '', r.cnpj ?? '']).filter(Boolean);
    case 'autorizacao':
      return (await q<{ numero: string; nome: string }>(sql`select a.numero, b.nome from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id where a.id = ${f.id}`)).flatMap((r) => [r.numero, r.nome]);
    case 'atualizacao':
      return (await q<{ protocolo: string }>(sql`select protocolo from atualizacoes_cadastrais where id = ${f.id}`)).map((r) => r.protocolo);
    case 'protocolo':
      return (await q<{ numero: string; assunto: string }>(sql`select numero, assunto from protocolos_documentos where id = ${f.id}`)).flatMap((r) => [r.numero, r.assunto]);
    case 'atendimento':
      return (await q<{ protocolo: string; descricao: string }>(sql`select protocolo, descricao from atendimentos where id = ${f.id}`)).flatMap((r) => [r.protocolo, r.descricao]);
    case 'recebimento':
      return (await q<{ numero: string; numero_lote: string }>(sql`select numero, numero_lote from protocolos_recebimento where id = ${f.id}`)).flatMap((r) => [r.numero, r.numero_lote]);
    case 'manifestacao':
      return (await q<{ protocolo: string; descricao: string }>(sql`select protocolo, descricao from manifestacoes where id = ${f.id}`)).flatMap((r) => [r.protocolo, r.descricao]);
    case 'integracao':
      return (await q<{ nome: string | null; cpf: string | null }>(sql`select nome, cpf from integracoes_beneficiarios where id = ${f.id}`)).flatMap((r) => [r.nome ?? '', r.cpf ?? '']).filter(Boolean);
    case 'adesao':
      return (await q<{ protocolo: string; nome: string; cpf: string }>(sql`select protocolo, nome, cpf from solicitacoes_adesao where id = ${f.id}`)).flatMap((r) => [r.protocolo, r.nome, r.cpf]);
    case 'fatura':
      return (await q<{ g: string; c: string }>(sql`select numero_guia_prestador as g, numero_carteira as c from faturas_digitadas where id = ${f.id}`)).flatMap((r) => [r.g, r.c]);
    case 'fechamento':
      return (await q<{ numero: string; numero_lote: string }>(sql`select numero, numero_lote from protocolos_recebimento where id = ${f.id}`)).flatMap((r) => [r.numero, r.numero_lote]);
    case 'reembolso':
    case 'reembolsoEquipe':
      return (await q<{ protocolo: string; nome: string }>(sql`select protocolo, beneficiario_nome as nome from reembolsos where id = ${f.id}`)).flatMap((r) => [r.protocolo, r.nome]);
    case 'rpa':
      return (await q<{ numero: string; nome: string }>(sql`select r.numero, p.nome from rpas r join prestadores p on p.id = r.prestador_id where r.id = ${f.id}`)).flatMap((r) => [`"${r.numero}"`, r.nome]);
    case 'solicitacaopagamento':
      return (await q<{ numero: string }>(sql`select numero from solicitacoes_pagamento where id = ${f.id}`)).map((r) => `"${r.numero}"`);
    case 'pagamento':
      return (await q<{ numero: string }>(sql`select numero from pagamentos_prestadores where id = ${f.id}`)).map((r) => `"${r.numero}"`);
  }
}

/** A cheap fingerprint of tables a refused write must leave untouched. */
async function digest(tables: string[]): Promise<string> {
  const parts: string[] = [];
  for (const table of tables) {
    const [r] = await q<{ n: number; h: string }>(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table}" x`));
    parts.push(`${table}:${r.n}:${r.h}`);
  }
  return parts.join('|');
}

// ---- the endpoints --------------------------------------------------------------------------------------------------

type Body = { result?: unknown };
const arr = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);

interface ListCase {
  route: string;
  urls: (u: User) => string[];
  found: (body: Body) => Found[];
  /** Users that must reach it (200) and find at least one record of their own (so the filter is not vacuous). */
  reach?: Who[];
  /** Users who by the endpoint's purpose see others' records too, and why. */
  byDesign?: { who: Who[]; why: string };
  /** The answer does not tell whose records it holds: every user not in `byDesign` must be refused (403). */
  refuseOthers?: boolean;
  /** Extra checks on a 200 answer. */
  check?: (u: User, body: Body) => void;
}
interface DetailCase {
  route: string;
  url: (id: number) => string;
  kind: Kind;
  /** The records it is asked for: some of each user's own, some of others'. */
  pool: () => number[];
  found: (body: Body) => Found[];
  /** The logged-in user's own screens (the operator does not use them: no control call). */
  selfService?: boolean;
  /** The answer is a file (PDF, XML), not JSON: the own one answers 200 with it; another's is refused as any other. */
  file?: boolean;
  /** The staff's view of anyone's record: self-service users are refused even their own (they have their own screens). */
  staffOnly?: boolean;
}
interface WriteCase {
  route: string;
  method: 'POST' | 'PUT' | 'DELETE';
  kind: Kind;
  /** Targets: another's records (by default), or every record for writes no restricted user may do at all. */
  targets: (u: User) => Promise<number[]>;
  url: (id: number) => string;
  body?: (id: number, u: User) => Promise<unknown>;
  tables: string[];
  /** The body breaks the endpoint's own input rules: a 400 refuses it before any record rule is reached. */
  invalidInput?: boolean;
}

const benefFound = (ids: unknown[]): Found[] => ids.filter((x): x is number => typeof x === 'number').map((id) => ({ kind: 'beneficiario', id }));
const nameOf = async (table: 'beneficiarios' | 'prestadores', id: number) => (await q<{ nome: string }>(sql.raw(`select nome from ${table} where id = ${Number(id)}`)))[0].nome;
const others = (kind: Kind, pool: () => number[]) => async (u: User) => {
  const out: number[] = [];
  for (const id of pool()) if (!(await owns(u, { kind, id }))) out.push(id);
  return out;
};
const everyone = (pool: () => number[]) => async () => pool();
const BENEFS = () => [fx.titular, fx.dependente, fx.outroBenef];
const PRESTS = () => [fx.p1, fx.p2];
const AUTS = () => [fx.autFamilia, fx.autPrestador, fx.autExecutante, fx.autOutros];
const ATUS = () => [fx.atuFamilia, fx.atuOutra];
const PROTS = () => [fx.protFamilia, fx.protPrestador];
const ATDS = () => [fx.atdFamilia, fx.atdPrestador];
const MANS = () => [fx.manFamilia, fx.manOutra];
const ADES = () => [fx.adeFamilia, fx.adeOutra];
const REES = () => [fx.reeFamilia, fx.reeOutra];
const RPAS = () => [fx.rpaPrestador, fx.rpaOutro];
const PAGS = () => [fx.pagPrestador, fx.pagOutro];
const versionOf = async (table: string, id: number) => (await q<{ v: number }>(sql.raw(`select version as v from ${table} where id = ${Number(id)}`)))[0].v;

/** A name of the other provider (its first two words), for the searches. */
let pNome2 = '';
const hasSummary = (route: string) => t.routes.some((r) => `${r.method} ${r.url}` === `${route}/resumo`);

const LISTS: ListCase[] = [
  {
    route: 'GET /api/beneficiarios/logado',
    urls: () => ['/api/beneficiarios/logado'],
    found: (b) => {
      const r = b.result as { registro?: { id: number }; familia?: { id: number }[] };
      return benefFound([r.registro?.id, ...(r.familia ?? []).map((m) => m.id)]);
    },
    reach: ['beneficiario', 'dependente'],
  },
  {
    route: 'GET /api/busca/registros',
    urls: (u) => [
      `/api/busca/registros?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`,
      `/api/busca/registros?termo=${DEMO_PESSOAS.suspenso.cpf}`,
      `/api/busca/registros?termo=${encodeURIComponent(pNome2)}`,
      `/api/busca/registros?termo=${encodeURIComponent(u.prestadorId ? DEMO_PESSOAS.prestador.nome : u.login === 'dependente' ? DEMO_PESSOAS.dependente.nome : DEMO_PESSOAS.titular.nome)}`,
    ],
    found: (b) => arr((b.result as { itens?: unknown })?.itens).map((i) => ({ kind: i.tipo === 'prestador' ? 'prestador' : 'beneficiario', id: i.id as number })),
    reach: WHO,
  },
  {
    route: 'GET /api/beneficiarios/atualizacao-cadastral',
    urls: () => ['/api/beneficiarios/atualizacao-cadastral?situacao=TODAS'],
    found: (b) => arr((b.result as { itens?: unknown })?.itens).map((i) => ({ kind: 'atualizacao', id: i.id as number })),
    reach: ['beneficiario'],
  },
  {
    route: 'GET /api/beneficiarios/consulta',
    refuseOthers: true,
    urls: () => [`/api/beneficiarios/consulta?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`, `/api/beneficiarios/consulta?termo=${DEMO_PESSOAS.titular.cpf}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
  {
    route: 'GET /api/beneficiarios/busca/sib',
    refuseOthers: true,
    urls: () => [`/api/beneficiarios/busca/sib?nome=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
  {
    route: 'GET /api/elegibilidade',
    refuseOthers: true,
    urls: () => [`/api/elegibilidade?cpf=${DEMO_PESSOAS.suspenso.cpf}`],
    // the answer carries no id: any beneficiary in it is by CPF; the check below asserts who may ask at all
    found: () => [],
    byDesign: { who: ['prestador', 'prestadoradm'], why: 'o prestador confere a elegibilidade de qualquer paciente antes do atendimento' },
  },
  {
    route: 'GET /api/autorizacoes/beneficiarios',
    refuseOthers: true,
    urls: () => [`/api/autorizacoes/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
    byDesign: { who: ['prestador', 'prestadoradm'], why: 'o prestador escolhe o paciente da solicitação de autorização' },
  },
  {
    route: 'GET /api/autorizacoes/profissionais',
    refuseOthers: true,
    urls: () => ['/api/autorizacoes/profissionais?termo=Dr'],
    found: () => [],
    byDesign: { who: ['prestador', 'prestadoradm'], why: 'o prestador informa o profissional solicitante (conselho, CBO)' },
  },
  {
    route: 'GET /api/findPrestador/:term',
    urls: () => [`/api/findPrestador/${encodeURIComponent(pNome2)}`, '/api/findPrestador/Clinica'],
    found: (b) => arr(b.result).map((r) => ({ kind: 'prestador', id: r.id as number })),
    byDesign: { who: WHO, why: 'diálogo de seleção de prestador (spec §7), com o CPF de pessoa física mascarado' },
    check: (u, b) => {
      for (const r of arr(b.result)) {
        const cpf = (r.prestadorFisico as { cpf?: string } | null)?.cpf;
        if (cpf) expect(cpf, `${u.login}: CPF de prestador pessoa física inteiro`).not.toMatch(/^\d{11}$/);
      }
    },
  },
  {
    // user accounts name their linked beneficiary or provider: the administrator's list only
    route: 'GET /api/usuarios',
    refuseOthers: true,
    urls: () => ['/api/usuarios?limit=500', `/api/usuarios?nome=${encodeURIComponent('Beatriz')}`],
    found: () => [],
  },
  {
    route: 'GET /api/usuarios/resumo',
    refuseOthers: true,
    urls: () => ['/api/usuarios/resumo?papel=beneficiario'],
    found: () => [],
  },
  // the access screens' account picker, rule groups (the users they restrict), the clone's source and the migration's
  // preview: they name accounts and what they hold — the administrator's only
  { route: 'GET /api/acesso/usuarios', refuseOthers: true, urls: () => ['/api/acesso/usuarios?termo=be', '/api/acesso/usuarios?termo=pr'], found: () => [] },
  { route: 'GET /api/regras', refuseOthers: true, urls: () => ['/api/regras'], found: () => [] },
  { route: 'GET /api/usuarios/:id/clonagem', refuseOthers: true, urls: () => ['/api/usuarios/1/clonagem', '/api/usuarios/2/clonagem'], found: () => [] },
  { route: 'GET /api/usuarios/migracao/previa', refuseOthers: true, urls: () => ['/api/usuarios/migracao/previa?origemId=1&destinoId=2'], found: () => [] },
  // Análise do SIB: the operator's whole base, rule by rule (its staff only; a family or a provider is refused)
  {
    route: 'GET /api/analise-sib',
    refuseOthers: true,
    urls: () => ['/api/analise-sib?regra=cns-ausente&limit=500', '/api/analise-sib?regra=cpf-ausente&limit=500'],
    found: (b) => benefFound(arr((b.result as { rows?: unknown })?.rows).map((r) => r.id as number)),
  },
  { route: 'GET /api/analise-sib/resumo', refuseOthers: true, urls: () => ['/api/analise-sib/resumo?regra=cns-ausente'], found: () => [] },
  { route: 'GET /api/analise-sib/regras', refuseOthers: true, urls: () => ['/api/analise-sib/regras'], found: () => [] },
];
/** The document desk's list, its summary, neighbours and beneficiary picker: the operator's staff only. */
const PROTOCOL_LISTS: ListCase[] = [
  {
    route: 'GET /api/protocolos-documentos',
    refuseOthers: true,
    urls: () => ['/api/protocolos-documentos?limit=500', `/api/protocolos-documentos?remetente=${encodeURIComponent(DEMO_PESSOAS.titular.nome)}`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'protocolo' as const, id: r.id as number })),
  },
  {
    route: 'GET /api/protocolos-documentos/resumo',
    refuseOthers: true,
    urls: () => ['/api/protocolos-documentos/resumo'],
    found: () => [],
  },
  {
    route: 'GET /api/protocolos-documentos/vizinhos',
    refuseOthers: true,
    urls: () => PROTS().map((id) => `/api/protocolos-documentos/vizinhos?id=${id}`),
    found: (b) => {
      const v = b.result as { previous?: number | null; next?: number | null } | undefined;
      return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind: 'protocolo' as const, id }));
    },
  },
  {
    route: 'GET /api/protocolos-documentos/beneficiarios',
    refuseOthers: true,
    urls: () => [`/api/protocolos-documentos/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`, `/api/protocolos-documentos/beneficiarios?termo=${DEMO_PESSOAS.titular.cpf}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
];

/** The service desk's list, its summary, neighbours and beneficiary picker: the operator's staff only. */
const ATENDIMENTO_LISTS: ListCase[] = [
  {
    route: 'GET /api/atendimentos',
    refuseOthers: true,
    urls: () => ['/api/atendimentos?limit=500', `/api/atendimentos?pessoa=${encodeURIComponent(DEMO_PESSOAS.titular.nome)}`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'atendimento' as const, id: r.id as number })),
  },
  { route: 'GET /api/atendimentos/resumo', refuseOthers: true, urls: () => ['/api/atendimentos/resumo'], found: () => [] },
  {
    route: 'GET /api/atendimentos/vizinhos',
    refuseOthers: true,
    urls: () => ATDS().map((id) => `/api/atendimentos/vizinhos?id=${id}`),
    found: (b) => {
      const v = b.result as { previous?: number | null; next?: number | null } | undefined;
      return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind: 'atendimento' as const, id }));
    },
  },
  {
    route: 'GET /api/atendimentos/beneficiarios',
    refuseOthers: true,
    urls: () => [`/api/atendimentos/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`, `/api/atendimentos/beneficiarios?termo=${DEMO_PESSOAS.titular.cpf}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
];

/** The TISS lots received: the billing staff's list, a provider's own lots only (never another provider's money). */
const FATURAMENTO_LISTS: ListCase[] = [
  {
    route: 'GET /api/faturamento/protocolos',
    urls: () => ['/api/faturamento/protocolos?limit=500', '/api/faturamento/protocolos?numero=199900000002', '/api/faturamento/protocolos?lote=L000002'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'recebimento' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  { route: 'GET /api/faturamento/protocolos/resumo', urls: () => ['/api/faturamento/protocolos/resumo'], found: () => [] },
  // the bill review's way in: the same lots under the reviewers' list
  {
    route: 'GET /api/faturamento/faturas',
    urls: () => ['/api/faturamento/faturas?limit=500', '/api/faturamento/faturas?lote=L000002'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'recebimento' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  { route: 'GET /api/faturamento/faturas/resumo', urls: () => ['/api/faturamento/faturas/resumo'], found: () => [] },
  // the billing reports (the report engine's one route): a row per lot, per provider; a provider sees only its own money,
  // even when it names another provider in the filter
  {
    route: 'GET /api/relatorios/:code (rep061)',
    urls: () => [`/api/relatorios/rep061?${QUALQUER_PERIODO}&limit=500`, `/api/relatorios/rep061?${QUALQUER_PERIODO}&limit=500&prestador=${encodeURIComponent(pNome2)}`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'recebimento' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  {
    route: 'GET /api/relatorios/:code (rep118)',
    urls: () => [`/api/relatorios/rep118?${QUALQUER_PERIODO}&limit=500`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'prestador' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
];
/** A period that holds every lot received. */
const QUALQUER_PERIODO = 'inicio=01/01/2000&termino=31/12/2099';

/**
 * Bills typed in the portal, the attendance control, the second copies and the closing screen: a provider its own
 * bills, guides and protocols; a family none (no such screen); closing glosas is the staff's alone.
 */
const DIGITACAO_LISTS: ListCase[] = [
  {
    route: 'GET /api/faturamento/digitadas',
    urls: () => ['/api/faturamento/digitadas?limit=500', '/api/faturamento/digitadas?guia=RL-GUIA-P2', '/api/faturamento/digitadas?senha=RL-SENHA-P2'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'fatura' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  { route: 'GET /api/faturamento/digitadas/resumo', urls: () => ['/api/faturamento/digitadas/resumo'], found: () => [] },
  {
    route: 'GET /api/faturamento/faturas-abertas',
    urls: () => ['/api/faturamento/faturas-abertas', `/api/faturamento/faturas-abertas?prestadorId=${fx.p2}`],
    found: (b) => {
      const r = b.result as { faturas?: { id: number }[]; prestadores?: { id: number }[] } | undefined;
      return [...(r?.faturas ?? []).map((f) => ({ kind: 'fatura' as const, id: f.id })), ...(r?.prestadores ?? []).map((p) => ({ kind: 'prestador' as const, id: p.id }))];
    },
    reach: ['prestador', 'prestadoradm'],
  },
  {
    route: 'GET /api/faturamento/atendimento-controle',
    urls: () => ['/api/faturamento/atendimento-controle?limit=500', '/api/faturamento/atendimento-controle?senha=RL-SENHA-P2'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'autorizacao' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  { route: 'GET /api/faturamento/atendimento-controle/resumo', urls: () => ['/api/faturamento/atendimento-controle/resumo'], found: () => [] },
  {
    route: 'GET /api/faturamento/segunda-via',
    urls: () => ['/api/faturamento/segunda-via?limit=500', '/api/faturamento/segunda-via?numero=199900000004'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'recebimento' as const, id: r.id as number })),
    reach: ['prestador', 'prestadoradm'],
  },
  { route: 'GET /api/faturamento/segunda-via/resumo', urls: () => ['/api/faturamento/segunda-via/resumo'], found: () => [] },
  {
    route: 'GET /api/faturamento/fechamento-glosa',
    refuseOthers: true,
    urls: () => ['/api/faturamento/fechamento-glosa?limit=500'],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'fechamento' as const, id: r.id as number })),
  },
  { route: 'GET /api/faturamento/fechamento-glosa/resumo', refuseOthers: true, urls: () => ['/api/faturamento/fechamento-glosa/resumo'], found: () => [] },
];

/** Membership requests (Adesão Dependente Familiar): the titular follows the family's own; the staff's picker finds nobody for them. */
const ADESAO_LISTS: ListCase[] = [
  {
    route: 'GET /api/adesoes',
    reach: ['beneficiario'],
    urls: () => ['/api/adesoes?limit=500', `/api/adesoes?titular=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'adesao' as const, id: r.id as number })),
  },
  { route: 'GET /api/adesoes/resumo', urls: () => ['/api/adesoes/resumo'], found: () => [] },
  {
    route: 'GET /api/adesoes/vizinhos',
    urls: () => ADES().map((id) => `/api/adesoes/vizinhos?id=${id}`),
    found: (b) => {
      const v = b.result as { previous?: number | null; next?: number | null } | undefined;
      return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind: 'adesao' as const, id }));
    },
  },
  {
    route: 'GET /api/adesoes/titulares',
    urls: () => [`/api/adesoes/titulares?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`, `/api/adesoes/titulares?termo=${DEMO_PESSOAS.titular.cpf}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
];

const rowsFound = (kind: Kind) => (b: Body) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind, id: r.id as number }));
const vizinhosFound = (kind: Kind) => (b: Body) => {
  const v = b.result as { previous?: number | null; next?: number | null } | undefined;
  return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind, id }));
};

/**
 * Reimbursement (issue 15, flow 7): the titular follows the family's requests; the desk's and the billing staff's
 * lists are the staff's only.
 */
const REEMBOLSO_LISTS: ListCase[] = [
  {
    route: 'GET /api/reembolsos',
    reach: ['beneficiario'],
    urls: () => ['/api/reembolsos?limit=500', `/api/reembolsos?beneficiario=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: rowsFound('reembolso'),
  },
  { route: 'GET /api/reembolsos/resumo', urls: () => ['/api/reembolsos/resumo'], found: () => [] },
  { route: 'GET /api/reembolsos/vizinhos', urls: () => REES().map((id) => `/api/reembolsos/vizinhos?id=${id}`), found: vizinhosFound('reembolso') },
  ...(['protocolos', 'analises'] as const).flatMap((tela): ListCase[] => [
    { route: `GET /api/reembolsos/${tela}`, refuseOthers: true, urls: () => [`/api/reembolsos/${tela}?limit=500&status=SOLICITADO`], found: rowsFound('reembolsoEquipe') },
    { route: `GET /api/reembolsos/${tela}/resumo`, refuseOthers: true, urls: () => [`/api/reembolsos/${tela}/resumo`], found: () => [] },
    { route: `GET /api/reembolsos/${tela}/vizinhos`, refuseOthers: true, urls: () => REES().map((id) => `/api/reembolsos/${tela}/vizinhos?id=${id}`), found: vizinhosFound('reembolsoEquipe') },
  ]),
  // the reimbursement reports: the operator's staff only (the family follows its own requests on its screen)
  ...(['rep064', 'rep066', 'rep067', 'rep107', 'rep188', 'rep246', 'rep255', 'rep269'] as const).map(
    (code): ListCase => ({
      route: `GET /api/relatorios/:code (${code})`,
      refuseOthers: true,
      urls: () => [`/api/relatorios/${code}?${QUALQUER_PERIODO}&limit=500`, `/api/relatorios/${code}?${QUALQUER_PERIODO}&limit=500&beneficiario=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
      found: rowsFound('reembolsoEquipe'),
    }),
  ),
  { route: 'GET /api/relatorios/:code (rep065)', refuseOthers: true, urls: () => [`/api/relatorios/rep065?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  // the interchange reports (partners' and own beneficiaries' authorizations and cards): the operator's staff only
  { route: 'GET /api/relatorios/:code (rep362)', refuseOthers: true, urls: () => [`/api/relatorios/rep362?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep093)', refuseOthers: true, urls: () => ['/api/relatorios/rep093?limit=500'], found: () => [] },
  // the contribution reports (titles of every family): the operator's staff only (the family sees its boletos on its screen)
  { route: 'GET /api/relatorios/:code (rep275)', refuseOthers: true, urls: () => [`/api/relatorios/rep275?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep375)', refuseOthers: true, urls: () => ['/api/relatorios/rep375?limit=500'], found: () => [] },
  // the collection reports (every family's titles, per competência): the operator's staff only
  { route: 'GET /api/relatorios/:code (rep134)', refuseOthers: true, urls: () => [`/api/relatorios/rep134?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep205)', refuseOthers: true, urls: () => [`/api/relatorios/rep205?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  // the withholdings on the payments to providers (Contábil › Impostos): the operator's staff only
  { route: 'GET /api/relatorios/:code (imposto)', refuseOthers: true, urls: () => [`/api/relatorios/imposto?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (movimento)', refuseOthers: true, urls: () => [`/api/relatorios/movimento?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  // the payer-side reports over the titles: every family's, the operator's staff only
  { route: 'GET /api/relatorios/:code (rep178-cobranca)', refuseOthers: true, urls: () => [`/api/relatorios/rep178-cobranca?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep214)', refuseOthers: true, urls: () => ['/api/relatorios/rep214?limit=500'], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep059)', refuseOthers: true, urls: () => [`/api/relatorios/rep059?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  // the TPS owed per plan (money, every beneficiary counted): the operator's staff only
  { route: 'GET /api/relatorios/:code (rep039)', refuseOthers: true, urls: () => [`/api/relatorios/rep039?trimestre=${new Date().getFullYear()}-1&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep038)', refuseOthers: true, urls: () => [`/api/relatorios/rep038?ano=${new Date().getFullYear()}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (rep119)', refuseOthers: true, urls: () => [`/api/relatorios/rep119?ano=${new Date().getFullYear()}&limit=500`], found: () => [] },
  {
    // the yearly statement for income tax: the titular sees the family's members (rows are beneficiaries), whatever is asked
    route: 'GET /api/relatorios/:code (informe-pagamento)',
    reach: ['beneficiario'],
    urls: () => [
      `/api/relatorios/informe-pagamento?ano=${new Date().getFullYear()}&limit=500`,
      `/api/relatorios/informe-pagamento?ano=${new Date().getFullYear()}&limit=500&beneficiario=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`,
    ],
    found: (b) => benefFound(arr((b.result as { rows?: unknown })?.rows).map((r) => r.id)),
  },
  {
    // the unified statement: the titular sees the family's members' months (each row names its member)
    route: 'GET /api/relatorios/:code (extrato-unificado)',
    reach: ['beneficiario'],
    urls: () => [`/api/relatorios/extrato-unificado?${QUALQUER_PERIODO}&limit=500`, `/api/relatorios/extrato-unificado?${QUALQUER_PERIODO}&limit=500&beneficiario=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => benefFound(arr((b.result as { rows?: unknown })?.rows).map((r) => r.beneficiarioId)),
  },
  {
    // who was attended: the family's members (the staff search anyone)
    route: 'GET /api/reembolsos/beneficiarios',
    reach: ['beneficiario'],
    urls: () => ['/api/reembolsos/beneficiarios', `/api/reembolsos/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
];

/**
 * Paying providers (issue 15, flows 5 and 6): a provider reads its own RPAs and payment requests; the pickers, the
 * RPA's protocols, the payables and the consolidation are the staff's.
 */
const PAGAMENTO_LISTS: ListCase[] = [
  { route: 'GET /api/pagamentos/rpas', reach: ['prestador', 'prestadoradm'], urls: () => ['/api/pagamentos/rpas?limit=500', '/api/pagamentos/rpas?numero=1999000002'], found: rowsFound('rpa') },
  { route: 'GET /api/pagamentos/rpas/resumo', urls: () => ['/api/pagamentos/rpas/resumo'], found: () => [] },
  { route: 'GET /api/pagamentos/rpas/vizinhos', urls: () => RPAS().map((id) => `/api/pagamentos/rpas/vizinhos?id=${id}`), found: vizinhosFound('rpa') },
  {
    route: 'GET /api/pagamentos/rpas/prestadores',
    urls: () => [`/api/pagamentos/rpas/prestadores?termo=${encodeURIComponent(pNome2)}`],
    found: (b) => arr(b.result).map((r) => ({ kind: 'prestador' as const, id: r.id as number })),
  },
  { route: 'GET /api/pagamentos/rpas/protocolos', refuseOthers: true, urls: () => PRESTS().map((id) => `/api/pagamentos/rpas/protocolos?prestadorId=${id}`), found: () => [] },
  { route: 'GET /api/pagamentos/solicitacoes', reach: ['prestadoradm'], urls: () => ['/api/pagamentos/solicitacoes?limit=500', '/api/pagamentos/solicitacoes?numero=1999000002'], found: rowsFound('solicitacaopagamento') },
  { route: 'GET /api/pagamentos/solicitacoes/resumo', urls: () => ['/api/pagamentos/solicitacoes/resumo'], found: () => [] },
  {
    route: 'GET /api/pagamentos/prestadores',
    urls: () => [`/api/pagamentos/prestadores?termo=${encodeURIComponent(pNome2)}`],
    found: (b) => arr(b.result).map((r) => ({ kind: 'prestador' as const, id: r.id as number })),
  },
  {
    // the protocols a provider may ask payment for: its own; another provider's named: refused
    route: 'GET /api/pagamentos/protocolos',
    urls: () => ['/api/pagamentos/protocolos', ...PRESTS().map((id) => `/api/pagamentos/protocolos?prestadorId=${id}`)],
    found: (b) => arr((b.result as { protocolos?: unknown } | undefined)?.protocolos).map((r) => ({ kind: 'recebimento' as const, id: r.id as number })),
  },
  { route: 'GET /api/pagamentos/a-pagar', refuseOthers: true, urls: () => ['/api/pagamentos/a-pagar?limit=500'], found: rowsFound('pagamento') },
  { route: 'GET /api/pagamentos/a-pagar/resumo', refuseOthers: true, urls: () => ['/api/pagamentos/a-pagar/resumo'], found: () => [] },
  { route: 'GET /api/pagamentos/consolidacao', refuseOthers: true, urls: () => [`/api/pagamentos/consolidacao?competencia=${new Date().toISOString().slice(0, 7)}`], found: () => [] },
  // the baixa (Borderô de Pagamento): finance's, every provider's payments and accounts
  { route: 'GET /api/pagamentos/borderos/a-pagar', refuseOthers: true, urls: () => ['/api/pagamentos/borderos/a-pagar'], found: () => [] },
  { route: 'GET /api/pagamentos/borderos', refuseOthers: true, urls: () => ['/api/pagamentos/borderos'], found: () => [] },
  // Solicitações de Verbas: finance's requests of funds to the sponsor companies (money per company): staff only
  { route: 'GET /api/solicitacoes-verbas', refuseOthers: true, urls: () => ['/api/solicitacoes-verbas?limit=500'], found: () => [] },
  { route: 'GET /api/solicitacoes-verbas/resumo', refuseOthers: true, urls: () => ['/api/solicitacoes-verbas/resumo'], found: () => [] },
  { route: 'GET /api/solicitacoes-verbas/vizinhos', refuseOthers: true, urls: () => ['/api/solicitacoes-verbas/vizinhos?id=1'], found: () => [] },
  { route: 'GET /api/solicitacoes-verbas/previa', refuseOthers: true, urls: () => [`/api/solicitacoes-verbas/previa?empresaId=1&competencia=${new Date().toISOString().slice(0, 7)}`], found: () => [] },
  { route: 'GET /api/solicitacoes-verbas/:id', refuseOthers: true, urls: () => ['/api/solicitacoes-verbas/1', '/api/solicitacoes-verbas/2'], found: () => [] },
  { route: 'GET /api/relatorios/:code (solicitacao-verba)', refuseOthers: true, urls: () => [`/api/relatorios/solicitacao-verba?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
  { route: 'GET /api/relatorios/:code (solicitacao-verba-id)', refuseOthers: true, urls: () => [`/api/relatorios/solicitacao-verba-id?${QUALQUER_PERIODO}&limit=500`], found: () => [] },
];

/** The ombudsman's manifestações: the family follows its own (the policy's family scope); providers have no screen. */
const OUVIDORIA_LISTS: ListCase[] = [
  {
    route: 'GET /api/ouvidoria/manifestacoes',
    reach: ['beneficiario', 'dependente'],
    urls: () => ['/api/ouvidoria/manifestacoes?limit=500', `/api/ouvidoria/manifestacoes?beneficiario=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`],
    found: (b) => arr((b.result as { rows?: unknown })?.rows).map((r) => ({ kind: 'manifestacao' as const, id: r.id as number })),
  },
  { route: 'GET /api/ouvidoria/manifestacoes/resumo', urls: () => ['/api/ouvidoria/manifestacoes/resumo'], found: () => [] },
  {
    route: 'GET /api/ouvidoria/manifestacoes/vizinhos',
    urls: () => MANS().map((id) => `/api/ouvidoria/manifestacoes/vizinhos?id=${id}`),
    found: (b) => {
      const v = b.result as { previous?: number | null; next?: number | null } | undefined;
      return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind: 'manifestacao' as const, id }));
    },
  },
  {
    route: 'GET /api/ouvidoria/beneficiarios',
    reach: ['beneficiario', 'dependente'],
    urls: () => ['/api/ouvidoria/beneficiarios', `/api/ouvidoria/beneficiarios?termo=${encodeURIComponent(DEMO_PESSOAS.suspenso.nome)}`, `/api/ouvidoria/beneficiarios?termo=${DEMO_PESSOAS.titular.cpf}`],
    found: (b) => benefFound(arr(b.result).map((r) => r.id)),
  },
];

const SENHAS = () => [fx.autSenhaP1, fx.autSenhaP2];
const FATURAS = () => [fx.fatP1, fx.fatP2];
const FECHADOS = () => [fx.recFechadoP1, fx.recFechadoP2];
const autorizacaoDaSenha = (b: Body) => [{ kind: 'autorizacao' as const, id: (b.result as { autorizacaoId: number }).autorizacaoId }];
/** The second copies of a reviewed protocol: files, the own protocol's only. */
const SEGUNDA_VIA: DetailCase[] = ['protocolo.pdf', 'conta-medica.pdf', 'demonstrativo-analise.pdf', 'demonstrativo-analise.xml', 'demonstrativo-pagamento.pdf', 'demonstrativo-pagamento.xml'].map((arquivo) => ({
  route: `GET /api/faturamento/segunda-via/:id/${arquivo}`,
  url: (id: number) => `/api/faturamento/segunda-via/${id}/${arquivo}`,
  kind: 'recebimento' as const,
  pool: FECHADOS,
  found: () => [],
  file: true,
}));
/**
 * The §2.7 utilities (integrations, external audit lots, interchange, payroll-deduction balance, SIP analysis, CMIS):
 * the operator's staff only (saldo-consignado is aeco's: refused to everyone in this copass installation).
 */
const UTIL_LISTS: ListCase[] = [
  ...(['beneficiarios', 'atendimentos'] as const).flatMap((k): ListCase[] => [
    { route: `GET /api/integracoes/${k}`, refuseOthers: true, urls: () => [`/api/integracoes/${k}?limit=500`], found: () => [] },
    { route: `GET /api/integracoes/${k}/resumo`, refuseOthers: true, urls: () => [`/api/integracoes/${k}/resumo`], found: () => [] },
    { route: `GET /api/integracoes/${k}/vizinhos`, refuseOthers: true, urls: () => [`/api/integracoes/${k}/vizinhos?id=${k === 'beneficiarios' ? fx.intBeneficiario : fx.intAtendimento}`], found: () => [] },
    { route: `GET /api/integracoes/${k}/:id`, refuseOthers: true, urls: () => [`/api/integracoes/${k}/${k === 'beneficiarios' ? fx.intBeneficiario : fx.intAtendimento}`], found: () => [] },
  ]),
  { route: 'GET /api/lotes-auditoria', refuseOthers: true, urls: () => ['/api/lotes-auditoria'], found: () => [] },
  { route: 'GET /api/lotes-auditoria/resumo', refuseOthers: true, urls: () => ['/api/lotes-auditoria/resumo'], found: () => [] },
  { route: 'GET /api/lotes-auditoria/vizinhos', refuseOthers: true, urls: () => ['/api/lotes-auditoria/vizinhos?id=1'], found: () => [] },
  { route: 'GET /api/lotes-auditoria/:id', refuseOthers: true, urls: () => ['/api/lotes-auditoria/1'], found: () => [] },
  { route: 'GET /api/intercambio/autorizacoes', refuseOthers: true, urls: () => ['/api/intercambio/autorizacoes?limit=500'], found: () => [] },
  { route: 'GET /api/intercambio/autorizacoes/resumo', refuseOthers: true, urls: () => ['/api/intercambio/autorizacoes/resumo'], found: () => [] },
  { route: 'GET /api/saldo-consignado', refuseOthers: true, urls: () => ['/api/saldo-consignado?competencia=012026'], found: () => [] },
  { route: 'GET /api/saldo-consignado/:id', refuseOthers: true, urls: () => [`/api/saldo-consignado/${fx.titular}?competencia=012026`], found: () => [] },
  { route: 'GET /api/analise-sip', refuseOthers: true, urls: () => ['/api/analise-sip?trimestre=2025-4&regra=uf-ausente'], found: () => [] },
  { route: 'GET /api/analise-sip/resumo', refuseOthers: true, urls: () => ['/api/analise-sip/resumo?trimestre=2025-4&regra=uf-ausente'], found: () => [] },
  { route: 'GET /api/analise-sip/quadro', refuseOthers: true, urls: () => ['/api/analise-sip/quadro?trimestre=2025-4'], found: () => [] },
  { route: 'GET /api/cmis/documentos', refuseOthers: true, urls: () => ['/api/cmis/documentos'], found: () => [] },
  { route: 'GET /api/cmis/documentos/resumo', refuseOthers: true, urls: () => ['/api/cmis/documentos/resumo'], found: () => [] },
  { route: 'GET /api/cmis/situacao', refuseOthers: true, urls: () => ['/api/cmis/situacao'], found: () => [] },
];

const DETAILS: DetailCase[] = [
  ...SEGUNDA_VIA,
  {
    route: 'GET /api/faturamento/atendimento/autorizacao',
    url: (id) => `/api/faturamento/atendimento/autorizacao?senha=${senhas.get(id)}`,
    kind: 'autorizacao',
    pool: SENHAS,
    found: autorizacaoDaSenha,
  },
  {
    route: 'GET /api/faturamento/digitadas/autorizacao',
    url: (id) => `/api/faturamento/digitadas/autorizacao?senha=${senhas.get(id)}`,
    kind: 'autorizacao',
    pool: SENHAS,
    found: autorizacaoDaSenha,
  },
  { route: 'GET /api/faturamento/digitadas/:id', url: (id) => `/api/faturamento/digitadas/${id}`, kind: 'fatura', pool: FATURAS, found: (b) => [{ kind: 'fatura', id: (b.result as { id: number }).id }] },
  {
    route: 'GET /api/faturamento/faturas-abertas/protocolo/:id/comprovante.pdf',
    url: (id) => `/api/faturamento/faturas-abertas/protocolo/${id}/comprovante.pdf`,
    kind: 'recebimento',
    pool: FECHADOS,
    found: () => [],
    file: true,
  },
  { route: 'GET /api/faturamento/fechamento-glosa/:id', url: (id) => `/api/faturamento/fechamento-glosa/${id}`, kind: 'fechamento', pool: FECHADOS, found: () => [] },
  { route: 'GET /api/beneficiarios/:id', url: (id) => `/api/beneficiarios/${id}`, kind: 'beneficiario', pool: BENEFS, found: (b) => benefFound([(b.result as { id?: number })?.id]) },
  { route: 'GET /api/beneficiarios/:id/familia', url: (id) => `/api/beneficiarios/${id}/familia`, kind: 'beneficiario', pool: BENEFS, found: (b) => benefFound(arr(b.result).map((r) => r.id)) },
  {
    route: 'GET /api/beneficiarios/:id/resumo',
    url: (id) => `/api/beneficiarios/${id}/resumo`,
    kind: 'beneficiario',
    pool: BENEFS,
    staffOnly: true,
    found: (b) => {
      const r = b.result as { registro?: { id?: number }; familia?: { id: number }[]; autorizacoes?: { itens: { id: number }[] } | null; atendimentos?: { itens: { id: number }[] } | null } | undefined;
      return [
        ...benefFound([r?.registro?.id, ...(r?.familia ?? []).map((m) => m.id)]),
        ...(r?.autorizacoes?.itens ?? []).map((a): Found => ({ kind: 'autorizacao', id: a.id })),
        ...(r?.atendimentos?.itens ?? []).map((a): Found => ({ kind: 'atendimento', id: a.id })),
      ];
    },
  },
  {
    route: 'GET /api/beneficiarios/cartao-virtual',
    url: (id) => `/api/beneficiarios/cartao-virtual?id=${id}`,
    kind: 'beneficiario',
    pool: BENEFS,
    selfService: true,
    found: (b) => benefFound([(b.result as { beneficiarioId?: number })?.beneficiarioId]),
  },
  { route: 'GET /api/prestadores/:id', url: (id) => `/api/prestadores/${id}`, kind: 'prestador', pool: PRESTS, found: (b) => [{ kind: 'prestador', id: (b.result as { id: number }).id }] },
  {
    route: 'GET /api/prestadores/logado',
    url: () => '/api/prestadores/logado',
    kind: 'prestador',
    pool: () => [fx.p1],
    selfService: true,
    found: (b) => [{ kind: 'prestador', id: (b.result as { id: number }).id }],
  },
  {
    route: 'GET /api/autorizacoes/:id',
    url: (id) => `/api/autorizacoes/${id}`,
    kind: 'autorizacao',
    pool: AUTS,
    // the request names its patient and providers: owning the request is what counts
    found: (b) => [{ kind: 'autorizacao', id: (b.result as { id: number }).id }],
  },
  {
    route: 'GET /api/protocolos-documentos/:id',
    url: (id) => `/api/protocolos-documentos/${id}`,
    kind: 'protocolo',
    // sent by the demo family and by the demo provider: still the desk's record, refused to both
    pool: PROTS,
    found: (b) => [{ kind: 'protocolo', id: (b.result as { id: number }).id }],
  },
  {
    route: 'GET /api/atendimentos/:id',
    url: (id) => `/api/atendimentos/${id}`,
    kind: 'atendimento',
    // contacts with the demo family and the demo provider: still the desk's screen, refused to both
    pool: ATDS,
    found: (b) => [{ kind: 'atendimento', id: (b.result as { id: number }).id }],
  },
  {
    route: 'GET /api/ouvidoria/manifestacoes/:id',
    url: (id) => `/api/ouvidoria/manifestacoes/${id}`,
    kind: 'manifestacao',
    // the family's own and another family's
    pool: MANS,
    found: (b) => [{ kind: 'manifestacao', id: (b.result as { id: number }).id }],
  },
  {
    route: 'GET /api/adesoes/:id',
    url: (id) => `/api/adesoes/${id}`,
    kind: 'adesao',
    // the titular's own and another family's
    pool: ADES,
    found: (b) => [{ kind: 'adesao', id: (b.result as { id: number }).id }],
  },
  { route: 'GET /api/reembolsos/:id', url: (id) => `/api/reembolsos/${id}`, kind: 'reembolso', pool: REES, found: (b) => [{ kind: 'reembolso', id: (b.result as { id: number }).id }] },
  ...(['protocolos', 'analises'] as const).map(
    (tela): DetailCase => ({ route: `GET /api/reembolsos/${tela}/:id`, url: (id) => `/api/reembolsos/${tela}/${id}`, kind: 'reembolsoEquipe', pool: REES, found: (b) => [{ kind: 'reembolsoEquipe', id: (b.result as { id: number }).id }] }),
  ),
  { route: 'GET /api/pagamentos/rpas/:id', url: (id) => `/api/pagamentos/rpas/${id}`, kind: 'rpa', pool: RPAS, found: (b) => [{ kind: 'rpa', id: (b.result as { id: number }).id }] },
];

/** Each user's own medical order (a request carries only files its sender sent), sent once. */
const sentFiles = new Map<string, number>();
async function fileOf(u: User): Promise<number> {
  if (!sentFiles.has(u.login)) {
    const r = await u.call({ method: 'POST', url: '/api/arquivos', headers: { 'content-type': 'application/octet-stream', 'x-nome-arquivo': 'pedido-medico.pdf' }, payload: PDF_PEDIDO });
    expect(r.statusCode, r.body).toBe(201);
    sentFiles.set(u.login, r.json().result.id);
  }
  return sentFiles.get(u.login)!;
}

const pedido = (prestadorSolicitanteId: number, arquivoId: number) => ({
  beneficiarioId: fx.titular,
  prestadorSolicitanteId,
  profissional: { conselho: '06', numero: '770001', uf: 'MG' },
  carater: '1',
  indicacaoClinica: 'Dor lombar.',
  itens: [{ tabela: '22', codigo: '40808041', descricao: 'Ressonância magnética de coluna lombar', quantidade: 1 }],
  anexos: [{ arquivoId, tipoDocumento: '03', tag: 'autorizacao_pedido_medico' }],
});

/** A typed bill for the guide of a senha (valid: only the record rule can refuse it). */
const faturaDe = async (id: number) => ({
  tipoGuia: 'SP-SADT',
  senha: senhas.get(id),
  numeroGuiaPrestador: `RL-W-${id}`,
  dataAtendimento: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
  profissional: { conselho: '06', numero: '1234', uf: 'MG', cbo: '225125' },
  itens: [{ codigo: (await q<{ codigo: string }>(sql`select codigo from procedimentos where codigo ~ '^[0-9]{8}$' order by id limit 1`))[0].codigo, data: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), quantidade: 1, valorUnitario: 1000 }],
});

const WRITES: WriteCase[] = [
  // the integrations' analysis applies a movement to the registry or an attendance as a request: the staff's only
  ...(['aplicar', 'recusar'] as const).flatMap((acao): WriteCase[] => [
    {
      route: `POST /api/integracoes/beneficiarios/:id/${acao}`,
      method: 'POST',
      kind: 'integracao',
      targets: async () => [fx.intBeneficiario],
      url: (id) => `/api/integracoes/beneficiarios/${id}/${acao}`,
      body: async () => ({ version: 1, motivo: 'Tentativa de quem não analisa integrações.' }),
      tables: ['integracoes_beneficiarios', 'beneficiarios'],
    },
    {
      route: `POST /api/integracoes/atendimentos/:id/${acao}`,
      method: 'POST',
      kind: 'integracao',
      targets: async () => [fx.intAtendimento],
      url: (id) => `/api/integracoes/atendimentos/${id}/${acao}`,
      body: async () => ({ version: 1, motivo: 'Tentativa de quem não analisa integrações.' }),
      tables: ['integracoes_atendimentos', 'autorizacoes'],
    },
  ]),
  {
    // registering another provider's guide by its senha (or, for a family, any): refused before anything is written
    route: 'POST /api/faturamento/atendimento',
    method: 'POST',
    kind: 'autorizacao',
    targets: others('autorizacao', SENHAS),
    url: () => '/api/faturamento/atendimento',
    body: faturaDe,
    tables: ['faturas_digitadas', 'faturas_digitadas_itens', 'idempotencia'],
  },
  {
    route: 'POST /api/faturamento/digitadas',
    method: 'POST',
    kind: 'autorizacao',
    targets: others('autorizacao', SENHAS),
    url: () => '/api/faturamento/digitadas',
    body: faturaDe,
    tables: ['faturas_digitadas', 'faturas_digitadas_itens', 'idempotencia'],
  },
  {
    route: 'POST /api/faturamento/digitadas/:id/cancelamento',
    method: 'POST',
    kind: 'fatura',
    targets: others('fatura', FATURAS),
    url: (id) => `/api/faturamento/digitadas/${id}/cancelamento`,
    body: async (id) => ({ version: await versionOf('faturas_digitadas', id) }),
    tables: ['faturas_digitadas'],
  },
  {
    route: 'POST /api/faturamento/faturas-abertas/protocolo',
    method: 'POST',
    kind: 'fatura',
    targets: others('fatura', FATURAS),
    url: () => '/api/faturamento/faturas-abertas/protocolo',
    body: async (id) => ({ faturas: [id] }),
    tables: ['faturas_digitadas', 'protocolos_recebimento', 'guias_faturadas', 'itens_faturados'],
  },
  {
    // closing glosas is the staff's, even on the provider's own protocol
    route: 'POST /api/faturamento/fechamento-glosa/:id',
    method: 'POST',
    kind: 'fechamento',
    targets: everyone(FECHADOS),
    url: (id) => `/api/faturamento/fechamento-glosa/${id}`,
    body: async (id) => ({ version: await versionOf('protocolos_recebimento', id), justificativa: 'Fechamento das glosas por terceiro.' }),
    tables: ['protocolos_recebimento', 'guias_faturadas'],
  },
  {
    // the bill review: a provider sees its own lots but never decides them (not even its own items)
    route: 'PUT /api/faturamento/itens/:id/analise',
    method: 'PUT',
    kind: 'recebimento',
    targets: everyone(() => [fx.itemPrestador, fx.itemOutro]),
    url: (id) => `/api/faturamento/itens/${id}/analise`,
    body: async (id) => ({ version: await versionOf('itens_faturados', id), glosaCodigo: null, justificativa: 'liberar' }),
    tables: ['itens_faturados', 'guias_faturadas'],
  },
  {
    route: 'POST /api/beneficiarios/atualizacao-cadastral',
    method: 'POST',
    kind: 'beneficiario',
    targets: others('beneficiario', BENEFS),
    url: () => '/api/beneficiarios/atualizacao-cadastral',
    body: async (id) => ({ beneficiarioId: id, dados: { email: 'invasor@exemplo.com.br' }, observacao: 'pedido para outra família' }),
    tables: ['atualizacoes_cadastrais', 'beneficiarios'],
  },
  {
    route: 'POST /api/beneficiarios/atualizacao-cadastral/:id/aprovar',
    method: 'POST',
    kind: 'atualizacao',
    targets: everyone(ATUS), // approving is the operator's, even for the family's own request
    url: (id) => `/api/beneficiarios/atualizacao-cadastral/${id}/aprovar`,
    body: async (id) => ({ version: await versionOf('atualizacoes_cadastrais', id) }),
    tables: ['atualizacoes_cadastrais', 'beneficiarios'],
  },
  {
    route: 'POST /api/beneficiarios/atualizacao-cadastral/:id/rejeitar',
    method: 'POST',
    kind: 'atualizacao',
    targets: everyone(ATUS),
    url: (id) => `/api/beneficiarios/atualizacao-cadastral/${id}/rejeitar`,
    body: async (id) => ({ version: await versionOf('atualizacoes_cadastrais', id), motivo: 'x' }),
    tables: ['atualizacoes_cadastrais'],
  },
  {
    route: 'POST /api/autorizacoes/:id/resposta',
    method: 'POST',
    kind: 'autorizacao',
    targets: others('autorizacao', AUTS),
    url: (id) => `/api/autorizacoes/${id}/resposta`,
    // a valid cancellation: if the record rule failed, it would really cancel another's request
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('autorizacoes', id), motivo: 'Cancelada por terceiro', responsavel: 'Invasor' }),
    tables: ['autorizacoes', 'autorizacao_historico'],
  },
  {
    route: 'POST /api/autorizacoes/:id/decisao',
    method: 'POST',
    kind: 'autorizacao',
    targets: everyone(AUTS), // deciding is the auditor's
    url: (id) => `/api/autorizacoes/${id}/decisao`,
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('autorizacoes', id), motivo: 'x', responsavel: 'y' }),
    tables: ['autorizacoes', 'autorizacao_historico'],
  },
  {
    route: 'POST /api/protocolos-documentos',
    method: 'POST',
    kind: 'beneficiario',
    targets: everyone(BENEFS), // registering at the desk is the operator's, even a document of one's own family
    url: () => '/api/protocolos-documentos',
    body: async (id) => ({ remetenteTipo: 'BENEFICIARIO', beneficiarioId: id, tipoDocumento: 'REQUERIMENTO', assunto: 'Pedido', setorId: 1, folhas: 1, recebidoEm: '01/03/2025', canal: 'PORTAL' }),
    tables: ['protocolos_documentos', 'protocolo_historico', 'protocolo_numeracao'],
  },
  {
    route: 'POST /api/protocolos-documentos/:id/tramitacao',
    method: 'POST',
    kind: 'protocolo',
    targets: everyone(PROTS),
    url: (id) => `/api/protocolos-documentos/${id}/tramitacao`,
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('protocolos_documentos', id), nota: 'Cancelado por terceiro' }),
    tables: ['protocolos_documentos', 'protocolo_historico'],
  },
  {
    route: 'POST /api/atendimentos',
    method: 'POST',
    kind: 'beneficiario',
    targets: everyone(BENEFS), // registering a contact is the desk's, even one about one's own family
    url: () => '/api/atendimentos',
    body: async (id) => ({ pessoaTipo: 'BENEFICIARIO', beneficiarioId: id, canal: 'TELEFONE', motivo: 'INFORMACAO', descricao: 'Contato', data: '01/03/2025', horaInicio: '09:00', horaFim: '09:05' }),
    tables: ['atendimentos', 'atendimento_historico', 'atendimento_numeracao'],
  },
  {
    route: 'POST /api/atendimentos/:id/transicao',
    method: 'POST',
    kind: 'atendimento',
    targets: everyone(ATDS),
    url: (id) => `/api/atendimentos/${id}/transicao`,
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('atendimentos', id), nota: 'Cancelado por terceiro' }),
    tables: ['atendimentos', 'atendimento_historico'],
  },
  {
    route: 'POST /api/ouvidoria/manifestacoes',
    method: 'POST',
    kind: 'beneficiario',
    targets: others('beneficiario', BENEFS), // a family registers only for its own members
    url: () => '/api/ouvidoria/manifestacoes',
    body: async (id) => ({ beneficiarioId: id, tipo: 'SUGESTAO', assunto: 'OUTRO', descricao: 'Sugestão em nome de outra família', contato: 'PORTAL' }),
    tables: ['manifestacoes', 'manifestacao_historico', 'atendimento_numeracao'],
  },
  {
    route: 'POST /api/ouvidoria/manifestacoes/:id/transicao',
    method: 'POST',
    kind: 'manifestacao',
    targets: others('manifestacao', MANS), // the family's own steps (rate, reopen) reach only its own
    url: (id) => `/api/ouvidoria/manifestacoes/${id}/transicao`,
    body: async (id) => ({ acao: 'reabrir', version: await versionOf('manifestacoes', id), nota: 'Reaberta por terceiro' }),
    tables: ['manifestacoes', 'manifestacao_historico'],
  },
  {
    route: 'POST /api/ouvidoria/manifestacoes/:id/transicao',
    method: 'POST',
    kind: 'manifestacao',
    targets: everyone(MANS), // answering is the ombudsman's, even on the family's own
    url: (id) => `/api/ouvidoria/manifestacoes/${id}/transicao`,
    body: async (id) => ({ acao: 'responder', version: await versionOf('manifestacoes', id), resposta: 'Resposta forjada' }),
    tables: ['manifestacoes', 'manifestacao_historico'],
  },
  {
    route: 'POST /api/adesoes',
    method: 'POST',
    kind: 'beneficiario',
    targets: others('beneficiario', BENEFS), // a titular asks only for their own family
    url: () => '/api/adesoes',
    body: async (id, u) => ({
      titularId: id,
      nome: 'Dependente Pedido Alheio',
      cpf: '25834617611',
      dataNascimento: '01/02/2016',
      sexo: '1',
      relacaoDependencia: '4',
      nomeMae: 'Mãe Pedido Alheio',
      anexos: [await fileOf(u)],
    }),
    tables: ['solicitacoes_adesao', 'solicitacao_adesao_historico', 'atendimento_numeracao', 'beneficiarios'],
  },
  {
    route: 'POST /api/adesoes/:id/decisao',
    method: 'POST',
    kind: 'adesao',
    targets: others('adesao', ADES), // the titular withdraws only their own
    url: (id) => `/api/adesoes/${id}/decisao`,
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('solicitacoes_adesao', id) }),
    tables: ['solicitacoes_adesao', 'solicitacao_adesao_historico'],
  },
  {
    route: 'POST /api/adesoes/:id/decisao',
    method: 'POST',
    kind: 'adesao',
    targets: everyone(ADES), // approving is the operator's, even the family's own
    url: (id) => `/api/adesoes/${id}/decisao`,
    body: async (id) => ({ acao: 'aprovar', version: await versionOf('solicitacoes_adesao', id) }),
    tables: ['solicitacoes_adesao', 'solicitacao_adesao_historico', 'beneficiarios', 'cartoes'],
  },
  {
    route: 'POST /api/reembolsos',
    method: 'POST',
    kind: 'beneficiario',
    targets: others('beneficiario', BENEFS), // a family asks only for its own members
    url: () => '/api/reembolsos',
    body: async (id, u) => ({
      beneficiarioId: id,
      profissionalNome: 'Dr. Pedido Alheio',
      profissionalConselho: 'CRM',
      profissionalNumero: '4321',
      profissionalUf: 'MG',
      profissionalDocumento: '52998224725',
      procedimentoId: (await q<{ id: number }>(sql`select id from procedimentos where codigo = '10101012'`))[0].id,
      dataAtendimento: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      valorPago: 20000,
      anexos: [await fileOf(u)],
    }),
    tables: ['reembolsos', 'reembolso_historico', 'reembolso_anexos', 'atendimento_numeracao'],
  },
  {
    route: 'POST /api/reembolsos/:id/passo',
    method: 'POST',
    kind: 'reembolso',
    targets: others('reembolso', REES), // the family withdraws only its own
    url: (id) => `/api/reembolsos/${id}/passo`,
    body: async (id) => ({ acao: 'cancelar', version: await versionOf('reembolsos', id) }),
    tables: ['reembolsos', 'reembolso_historico'],
  },
  ...(
    [
      ['protocolos', 'protocolar'],
      ['analises', 'analisar'],
    ] as const
  ).map(
    ([tela, acao]): WriteCase => ({
      route: `POST /api/reembolsos/${tela}/:id/passo`,
      method: 'POST',
      kind: 'reembolsoEquipe',
      targets: everyone(REES), // the staff's steps, even on the family's own
      url: (id) => `/api/reembolsos/${tela}/${id}/passo`,
      body: async (id) => ({ acao, version: await versionOf('reembolsos', id) }),
      tables: ['reembolsos', 'reembolso_historico'],
    }),
  ),
  {
    route: 'POST /api/pagamentos/rpas/previa',
    method: 'POST',
    kind: 'prestador',
    targets: everyone(PRESTS), // issuing RPAs is the staff's, even for the own provider
    url: () => '/api/pagamentos/rpas/previa',
    body: async (id) => ({ prestadorId: id, modo: 'periodo', de: '01/01/2020', ate: '31/12/2030' }),
    tables: ['rpas'],
  },
  {
    route: 'POST /api/pagamentos/rpas',
    method: 'POST',
    kind: 'prestador',
    targets: everyone(PRESTS),
    url: () => '/api/pagamentos/rpas',
    body: async (id) => ({ prestadorId: id, modo: 'periodo', de: '01/01/2020', ate: '31/12/2030' }),
    tables: ['rpas', 'rpa_protocolos', 'pagamento_numeracao'],
  },
  {
    route: 'POST /api/pagamentos/rpas/:id/situacao',
    method: 'POST',
    kind: 'rpa',
    targets: everyone(RPAS), // the conference is the staff's, even of the own provider's RPA
    url: (id) => `/api/pagamentos/rpas/${id}/situacao`,
    body: async (id) => ({ version: await versionOf('rpas', id), statusPagamento: 'LIB' }),
    tables: ['rpas'],
  },
  {
    route: 'POST /api/pagamentos/solicitacoes',
    method: 'POST',
    kind: 'recebimento',
    targets: others('recebimento', () => [fx.recPrestador, fx.recOutro]), // a provider asks payment only of its own protocols
    url: () => '/api/pagamentos/solicitacoes',
    body: async (id) => ({ protocolos: [id] }),
    tables: ['solicitacoes_pagamento', 'solicitacao_pagamento_protocolos', 'pagamento_numeracao'],
  },
  {
    route: 'POST /api/pagamentos/borderos',
    method: 'POST',
    kind: 'pagamento',
    targets: everyone(PAGS), // finance's
    url: () => '/api/pagamentos/borderos',
    body: async (id) => ({ pagamentos: [id], dataCredito: new Date().toISOString().slice(0, 10), bancoOrigem: '001', agenciaOrigem: '3064-3', contaOrigem: '40518-4' }),
    tables: ['pagamentos_prestadores', 'borderos_pagamento', 'bordero_pagamentos'],
  },
  {
    route: 'POST /api/pagamentos/a-pagar/:id/estorno-baixa',
    method: 'POST',
    kind: 'pagamento',
    targets: everyone(PAGS),
    url: (id) => `/api/pagamentos/a-pagar/${id}/estorno-baixa`,
    body: async () => ({ motivo: 'Crédito devolvido pelo banco do prestador.' }),
    tables: ['pagamentos_prestadores', 'bordero_pagamentos'],
  },
  {
    route: 'POST /api/pagamentos/consolidacao',
    method: 'POST',
    kind: 'prestador',
    targets: everyone(PRESTS), // finance's
    url: () => '/api/pagamentos/consolidacao',
    body: async (id) => ({ competencia: new Date().toISOString().slice(0, 7), prestadores: [id] }),
    tables: ['pagamentos_prestadores', 'solicitacoes_pagamento', 'protocolos_recebimento'],
  },
  {
    route: 'POST /api/ouvidoria/manifestacoes/:id/prorrogacao',
    method: 'POST',
    kind: 'manifestacao',
    targets: everyone(MANS),
    url: (id) => `/api/ouvidoria/manifestacoes/${id}/prorrogacao`,
    body: async (id) => ({ version: await versionOf('manifestacoes', id), justificativa: 'Prorrogada por terceiro' }),
    tables: ['manifestacoes', 'manifestacao_historico'],
  },
];

/**
 * Requests in another provider's name, for every request type (from the route table). The same simple request
 * goes to every type: where the type's own input rules (shared schemas) refuse it, a 400 is a refusal too; where
 * they accept it, only the record rule can refuse it (403).
 */
function creationWrites(): WriteCase[] {
  return t.routes
    .filter((r) => r.method === 'POST' && r.url.startsWith('/api/autorizacoes/tipo/'))
    .map((r) => {
      const tipo = TIPO_KEYS.find((k) => `/api/autorizacoes/tipo/${slugOf(k)}` === r.url);
      const clinicos = tipo ? clinicosSchemaDe(tipo) : undefined;
      const sample = pedido(fx.p2, 1);
      const valid = !!tipo && solicitacaoSchema.safeParse(sample).success && (!clinicos || clinicos.safeParse({ clinicos: (sample as { clinicos?: unknown }).clinicos }).success);
      return {
        route: `POST ${r.url}`,
        method: 'POST' as const,
        kind: 'prestador' as const,
        targets: others('prestador', PRESTS),
        url: () => r.url,
        body: async (id: number, u: User) => pedido(id, await fileOf(u)),
        tables: ['autorizacoes', 'autorizacao_itens'],
        ...(valid ? {} : { invalidInput: true }),
      };
    });
}

/**
 * The authorization lists, from the route table (every GET under /api/autorizacoes without a path parameter, but
 * the request form's pickers): each with no filter, and narrowed to another family's and to the own family's
 * beneficiary. Their `/resumo` counts what the list shows.
 */
const PICKERS = new Set(['/api/autorizacoes/beneficiarios', '/api/autorizacoes/profissionais']);
const LIST_REACH: Record<string, Who[]> = { '/api/autorizacoes': ['prestador', 'prestadoradm'], '/api/autorizacoes/beneficiario': ['beneficiario', 'dependente'] };
function authorizationLists(): ListCase[] {
  return t.routes
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/autorizacoes') && !r.url.includes(':') && !PICKERS.has(r.url) && !/\/(resumo|vizinhos)$/.test(r.url))
    .map((r) => ({
      route: `GET ${r.url}`,
      urls: () => [`${r.url}?limit=500`, `${r.url}?limit=500&beneficiarioId=${fx.outroBenef}`, `${r.url}?limit=500&beneficiarioId=${fx.titular}`],
      found: (b) => arr((b.result as { rows?: unknown })?.rows).map((row) => ({ kind: 'autorizacao', id: row.id as number })),
      reach: LIST_REACH[r.url],
    }));
}

/**
 * The neighbours of a request in each list (the decision screen's previous and next): asked around another's request
 * and around each own one, they never name a request of someone else.
 */
function neighborLists(): ListCase[] {
  return t.routes
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/autorizacoes') && r.url.endsWith('/vizinhos'))
    .map((r) => ({
      route: `GET ${r.url}`,
      urls: () => [fx.autOutros, fx.autFamilia, fx.autPrestador, fx.autExecutante].map((id) => `${r.url}?id=${id}`),
      found: (b) => {
        const v = b.result as { previous?: number | null; next?: number | null } | undefined;
        return [v?.previous, v?.next].filter((id): id is number => typeof id === 'number').map((id) => ({ kind: 'autorizacao' as const, id }));
      },
    }));
}

/**
 * The generic routes of the people, finance and price resources apply no record rule at all: these subjects must stay
 * closed to the four restricted users (lists, exports, options, a record by id, and writes with a valid body).
 */
const PEOPLE = new Set(pessoasResources.map((r) => r.name));
const MONEY_RESOURCES: Resource[] = resources.filter(
  (r) =>
    PEOPLE.has(r.name) ||
    financeiroResources.includes(r) ||
    Object.values(r.fields).some((f) => (f.kind === 'ref' && PEOPLE.has(f.resource)) || f.kind === 'money'),
);

/** Routes of these modules that answer no one's records (with the reason). */
const NOT_RECORDS: Record<string, string> = {
  'GET /api/beneficiarios/beneficiario-logado-requer-atualizacao-cadastral': 'só diz se o próprio cadastro precisa de atualização',
  'GET /api/reembolsos/procedimentos': 'tabela de referência (TUSS), sem dados de pessoas',
};

/**
 * Record routes whose scope is so far checked only in their own file (a provider's own protocols, bills and appeals;
 * another provider's answer 403/404): they still owe their LISTS/DETAILS/WRITES cases here (issue 15, next step).
 */
const SCOPE_IN_OWN_FILE: Record<string, string> = {
  'GET /api/faturamento/motivos-glosa': 'tabela de referência (motivos de glosa), sem dados de pessoas',
  'GET /api/faturamento/protocolos/:id/conta': 'tests/api/faturamento-analise.test.ts',
  'GET /api/faturamento/protocolos/:id/demonstrativo.pdf': 'tests/api/faturamento-analise.test.ts',
  'GET /api/faturamento/protocolos/:id/demonstrativo.xml': 'tests/api/faturamento-analise.test.ts',
  'POST /api/faturamento/protocolos/:id/encerramento': 'tests/api/faturamento-analise.test.ts',
  'GET /api/faturamento/recursos': 'tests/api/faturamento-recursos.test.ts',
  'POST /api/faturamento/recursos': 'tests/api/faturamento-recursos.test.ts',
  'GET /api/faturamento/recursos/glosas': 'tests/api/faturamento-recursos.test.ts',
  'GET /api/faturamento/recursos/:id/comprovante': 'tests/api/faturamento-recursos.test.ts',
  'GET /api/faturamento/recursos/:id/resposta': 'tests/api/faturamento-recursos.test.ts',
  'PUT /api/faturamento/recursos/itens/:id/decisao': 'tests/api/faturamento-recursos.test.ts',
  // a PDF (no JSON body to read here): another provider's RPA answers 403 there
  'GET /api/pagamentos/rpas/:id/rpa.pdf': 'tests/api/pagamentos.test.ts',
  // finance's writes on the requests of funds (no family or provider ever reaches them): 403 there for both
  'POST /api/solicitacoes-verbas': 'tests/api/verbas.test.ts',
  'POST /api/solicitacoes-verbas/:id/passo': 'tests/api/verbas.test.ts',
};

// ---- the runs -----------------------------------------------------------------------------------------------------

let cases = 0;
const counted = <T,>(v: T) => {
  cases++;
  return v;
};

describe('record-level rules of every endpoint that answers people, authorizations or money', () => {
  beforeAll(async () => {
    pNome2 = (await nameOf('prestadores', fx.p2)).split(' ').slice(0, 2).join(' ');
  });

  it('lists answer only the user’s own records', { timeout: 120_000 }, async () => {
    for (const c of [...LISTS, ...PROTOCOL_LISTS, ...ATENDIMENTO_LISTS, ...FATURAMENTO_LISTS, ...DIGITACAO_LISTS, ...OUVIDORIA_LISTS, ...ADESAO_LISTS, ...REEMBOLSO_LISTS, ...PAGAMENTO_LISTS, ...UTIL_LISTS, ...authorizationLists(), ...neighborLists()]) {
      for (const who of WHO) {
        const u = users[who];
        let ownSeen = 0;
        for (const url of c.urls(u)) {
          const res = await u.call({ method: 'GET', url });
          counted(res);
          const tag = `${who} ${c.route} ${url}`;
          if (c.refuseOthers && !c.byDesign?.who.includes(who)) expect(res.statusCode, `${tag}: ${res.body.slice(0, 200)}`).toBe(403);
          expect([200, 400, 403, 404], `${tag}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          if (res.statusCode !== 200) continue;
          const body = res.json() as Body;
          c.check?.(u, body);
          if (c.byDesign?.who.includes(who)) continue;
          for (const f of c.found(body)) {
            const mine = await owns(u, f);
            expect(mine, `${tag}: devolveu ${f.kind} ${f.id}, de outra pessoa`).toBe(true);
            ownSeen++;
          }
          // a summary counts only what the list shows
          if (hasSummary(c.route)) {
            const resumo = await u.call({ method: 'GET', url: url.replace(/^([^?]+)/, '$1/resumo') });
            const list = body.result as { rows: unknown[]; hasMore?: boolean };
            if (resumo.statusCode === 200 && !list.hasMore) expect((resumo.json().result as { total: number }).total, `${tag}/resumo`).toBe(list.rows.length);
          }
        }
        if (c.reach?.includes(who)) expect(ownSeen, `${who} ${c.route}: deveria achar registros próprios`).toBeGreaterThan(0);
      }
    }
  });

  it('a record by id: the own answers 200, another’s 403 or 404 without its data', { timeout: 120_000 }, async () => {
    for (const c of DETAILS) {
      for (const id of c.pool()) {
        // the record exists: the operator reaches it (the refusals below are not a missing record)
        if (!c.selfService) expect((await op({ method: 'GET', url: c.url(id) })).statusCode, `${c.route} ${id}`).toBe(200);
        const leak = await identifiers({ kind: c.kind, id });
        for (const who of WHO) {
          const u = users[who];
          const mine = await owns(u, { kind: c.kind, id });
          const res = await u.call({ method: 'GET', url: c.url(id) });
          counted(res);
          const tag = `${who} ${c.route} ${c.url(id)}`;
          if (mine && !c.staffOnly) {
            expect(res.statusCode, `${tag}: ${res.body.slice(0, 200)}`).toBe(200);
            if (c.file) continue;
            for (const f of c.found(res.json() as Body)) expect(await owns(u, f), `${tag}: ${f.kind} ${f.id}`).toBe(true);
          } else {
            expect([403, 404], `${tag}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
            expect(JSON.parse(res.body).result, tag).toBeUndefined();
            for (const s of leak) expect(res.body, `${tag} vaza ${s}`).not.toContain(s);
          }
        }
      }
    }
  });

  it('writes aimed at another’s records are refused and change nothing', { timeout: 120_000 }, async () => {
    const creations = creationWrites();
    // the simple request is valid for some types at least, so the record rule itself is reached there
    expect(creations.filter((c) => !c.invalidInput).length).toBeGreaterThan(0);
    for (const c of [...WRITES, ...creations]) {
      for (const who of WHO) {
        const u = users[who];
        const targets = await c.targets(u);
        expect(targets.length, `${who} ${c.route}: sem alvo`).toBeGreaterThan(0);
        for (const id of targets) {
          const before = await digest(c.tables);
          const payload = c.body ? await c.body(id, u) : undefined;
          const res = await u.call({ method: c.method, url: c.url(id), ...(payload !== undefined ? { payload: payload as object } : {}) });
          counted(res);
          const tag = `${who} ${c.route} → ${c.kind} ${id}`;
          expect(c.invalidInput ? [400, 403, 404] : [403, 404], `${tag}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
          expect(await digest(c.tables), `${tag} alterou o banco`).toBe(before);
        }
      }
    }
  });

  it('the generic routes of people, finance and price tables stay closed to them', { timeout: 120_000 }, async () => {
    expect(MONEY_RESOURCES.length).toBeGreaterThan(20);
    for (const def of MONEY_RESOURCES) {
      const base = `/api/recursos/${def.slug}`;
      const list = await op({ method: 'GET', url: `${base}?limit=1` });
      expect(list.statusCode, def.slug).toBe(200);
      const row = (list.json().result.rows as Record<string, unknown>[])[0];
      const id = (row?.id as number | undefined) ?? 1;
      const version = (row?.version as number | undefined) ?? 1;
      const before = await digest([def.table]);
      for (const who of WHO) {
        const call = users[who].call;
        const calls = [
          { method: 'GET' as const, url: base },
          { method: 'GET' as const, url: `${base}/${id}` },
          { method: 'GET' as const, url: `${base}/exportar.csv` },
          { method: 'GET' as const, url: `${base}/opcoes?termo=a` },
          { method: 'PUT' as const, url: `${base}/${id}`, payload: { ...row, version } },
          { method: 'DELETE' as const, url: `${base}/${id}?version=${version}` },
          { method: 'POST' as const, url: `${base}/excluir`, payload: { itens: [{ id, version }] } },
          { method: 'POST' as const, url: `${base}/${id}/desfazer`, payload: { version } },
          { method: 'POST' as const, url: `${base}/restaurar`, payload: { ids: [id] } },
        ];
        for (const c of calls) {
          const res = await call(c);
          counted(res);
          expect(res.statusCode, `${who} ${c.method} ${c.url}: ${res.body.slice(0, 200)}`).toBe(403);
        }
      }
      expect(await digest([def.table]), def.slug).toBe(before);
    }
  });

  it('covers every route of the people and authorization modules', () => {
    const covered = new Set([
      ...[...LISTS, ...PROTOCOL_LISTS, ...ATENDIMENTO_LISTS, ...FATURAMENTO_LISTS, ...DIGITACAO_LISTS, ...OUVIDORIA_LISTS, ...ADESAO_LISTS, ...REEMBOLSO_LISTS, ...PAGAMENTO_LISTS, ...UTIL_LISTS, ...DETAILS, ...WRITES].map((c) => c.route),
      ...authorizationLists().map((c) => c.route),
      ...authorizationLists().map((c) => `${c.route}/resumo`),
      ...neighborLists().map((c) => c.route),
      ...creationWrites().map((c) => c.route),
      ...Object.keys(NOT_RECORDS),
      ...Object.keys(SCOPE_IN_OWN_FILE),
    ]);
    const mine = /^\/api\/(beneficiarios|prestadores|autorizacoes|elegibilidade|busca|findPrestador|protocolos-documentos|atendimentos|ouvidoria|adesoes|analise-sib|faturamento|reembolsos|pagamentos|integracoes|lotes-auditoria|intercambio|saldo-consignado|analise-sip|cmis|solicitacoes-verbas)(\/|$)/;
    const missing = t.routes.filter((r) => mine.test(r.url) && !covered.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'rotas sem caso de regra de registro: acrescente em LISTS, DETAILS, WRITES ou NOT_RECORDS').toEqual([]);
    console.log(`regras de registro: ${cases} casos (endpoint × usuário × registro ou consulta)`);
  });
});
