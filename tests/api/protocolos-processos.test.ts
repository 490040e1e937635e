import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { APP_MSG } from '../../src/shared/messages';
import { MSG_SEGREGACAO } from '../../src/server/autorizacoes/decisao';
import { MSG_JUSTIFICATIVA_NEGATIVA } from '../../src/shared/autorizacoes';
import { isoToBr, todayIso } from '../../src/shared/dates';
import type { JobDetail } from '../../src/shared/jobs';
import { alertsOf, as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The processes over document protocols and authorizations (spec §2.7 /util/processo): correcting one protocol,
 * moving a provider's protocols to another provider (behind the client's switch), asking providers to resend the
 * returned invoices, deciding a batch of authorizations and resending the audit's pending requests to providers.
 * Each asserts the records changed, the history and the trail, the outbox, and the refusals in Portuguese.
 */

const FLAG = 'processo.alteracaoprestadorprotocolo';
let t: TestApp;
let operadora: ReturnType<typeof as>;
let beneficiario: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1', FLAGS_ON: FLAG }, undefined, { jobs: true });
  operadora = as(t.app, await loginAs(t.app, 'operadora'));
  beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
  admin = as(t.app, await loginAs(t.app, 'admin'));
}, 120_000);
afterAll(() => t?.close());

const db = () => t.database.db;
type Who = ReturnType<typeof as>;

async function previa(who: Who, tipo: string, comando: string, parametros: Record<string, unknown>) {
  return who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros } });
}
async function executar(who: Who, tipo: string, comando: string, parametros: Record<string, unknown>): Promise<JobDetail> {
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
  expect(res.statusCode, res.body).toBe(201);
  return waitForJob(who, res.json().result.id);
}
const concluida = (j: JobDetail) => expect(j.status, j.erro ?? '').toBe('concluida');
async function arquivo(who: Who, j: JobDetail, tipo = 'text/csv') {
  const a = j.arquivos.find((x) => x.tipo === tipo)!;
  const res = await who({ method: 'GET', url: `/api/arquivos/${a.id}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
const csvLinhas = (b: Buffer) => b.toString('utf8').replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(';'));

interface Prot {
  id: number;
  numero: string;
  status: string;
  remetente_tipo: string;
  prestador_id: number | null;
  remetente_nome: string;
  folhas: number;
  assunto: string;
  canal: string;
  version: number;
}
const protocolo = async (where: ReturnType<typeof sql>) => (await query<Prot>(db(), sql`select * from protocolos_documentos where ${where} order by id limit 1`))[0];
const clinica = async () => (await query<{ id: number; nome: string; cnpj: string; email: string }>(db(), sql`select id, nome, cnpj, email from prestadores where codigo = '100001'`))[0];

// ---- Alteração de Protocolo ------------------------------------------------------------------------------------

const ALT = '/util/processo/alteracao-protocolo';

describe('Alteração de Protocolo', () => {
  it('previews what changes, field by field, on an open protocol', async () => {
    const p = await protocolo(sql`status = 'EM_ANALISE' and remetente_tipo = 'PRESTADOR' and canal <> 'CORREIOS'`);
    const res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: p.numero, folhas: String(p.folhas + 2), canal: 'CORREIOS', motivo: 'Folhas contadas de novo no setor' });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.resumo).toBe(`O protocolo ${p.numero} (${p.remetente_nome}, em análise) terá 2 dados corrigidos.`);
    const canal = { PRESENCIAL: 'Presencial', CORREIOS: 'Correios', EMAIL: 'E-mail', PORTAL: 'Portal' }[p.canal];
    expect(r.amostra).toEqual([`Folhas: ${p.folhas} → ${p.folhas + 2}`, `Canal: ${canal} → Correios`]);
  });

  it('corrects the provider, the sheets and the date of receipt: record, history and trail', async () => {
    const p = await protocolo(sql`status in ('PROTOCOLADO', 'EM_ANALISE') and remetente_tipo = 'PRESTADOR' and prestador_id = (select id from prestadores where codigo = '100001')`);
    const [outro] = await query<{ id: number; nome: string; codigo: string; cnpj: string }>(db(), sql`select id, nome, codigo, cnpj from prestadores where cnpj is not null and codigo <> '100001' order by id limit 1`);
    const ontem = new Date(Date.parse(`${todayIso()}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const job = await executar(operadora, 'alteracao-protocolo', ALT, { protocolo: p.numero, prestador: outro.id, folhas: '7', recebidoEm: isoToBr(ontem), motivo: 'Remetente e folhas digitados errado no balcão' });
    concluida(job);
    const depois = await protocolo(sql`id = ${p.id}`);
    expect(depois).toMatchObject({ prestador_id: outro.id, remetente_nome: outro.nome, remetente_documento: outro.cnpj, folhas: 7, version: p.version + 1, status: p.status });
    const [{ recebido }] = await query<{ recebido: string }>(db(), sql`select recebido_em::text as recebido from protocolos_documentos where id = ${p.id}`);
    expect(recebido).toBe(ontem);
    const hist = await query<{ acao: string; de: string; para: string; nota: string; usuario_nome: string }>(db(), sql`select * from protocolo_historico where protocolo_id = ${p.id} order by id desc limit 1`);
    expect(hist[0]).toMatchObject({ acao: 'alterar', de: p.status, para: p.status, usuario_nome: 'Olívia Operadora' });
    expect(hist[0].nota).toContain('Remetente e folhas digitados errado no balcão — Prestador: ');
    expect(hist[0].nota).toContain(`→ ${outro.nome} (${outro.codigo}); Folhas: ${p.folhas} → 7; Recebido em: `);
    const trilha = await query<{ usuario_login: string; antes: Record<string, unknown>; depois: Record<string, unknown> }>(
      db(),
      sql`select usuario_login, antes, depois from trilha_eventos where entidade = 'protocolodocumento' and registro_id = ${String(p.id)} and acao = 'update' order by id desc limit 1`,
    );
    expect(trilha[0].usuario_login).toBe('operadora');
    expect(trilha[0].antes).toMatchObject({ folhas: p.folhas, prestador: { id: p.prestador_id } });
    expect(trilha[0].depois).toMatchObject({ folhas: 7, recebidoEm: ontem, prestador: { id: outro.id, nome: outro.nome }, motivoCorrecao: 'Remetente e folhas digitados errado no balcão', execucaoId: job.id });
    // the protocol's screen reads the correction as a step of its history
    const det = (await operadora({ method: 'GET', url: `/api/protocolos-documentos/${p.id}` })).json().result;
    expect(det.historico.at(-1)).toMatchObject({ acao: 'alterar', usuario: 'Olívia Operadora' });
    expect(job.log.map((l) => l.mensagem).join('\n')).toContain(`Protocolo ${p.numero} corrigido. `);
  });

  it('refuses a closed protocol, a missing correction, a provider on a beneficiary’s protocol, a future date and a number without year', async () => {
    const fechado = await protocolo(sql`status = 'CONCLUIDO'`);
    let res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: fechado.numero, folhas: '3', motivo: 'x' });
    expect(res.statusCode).toBe(422);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'protocolo', value: `O protocolo ${fechado.numero} está concluído: só um protocolo em aberto (protocolado ou em análise) pode ser corrigido.` });
    const devolvido = await protocolo(sql`status = 'DEVOLVIDO'`);
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: devolvido.numero, folhas: '3', motivo: 'x' });
    expect(alertsOf(res.body)[0].value).toBe(`O protocolo ${devolvido.numero} está devolvido: só um protocolo em aberto (protocolado ou em análise) pode ser corrigido.`);
    // the run checks again (the status may have changed after the preview)
    const job = await executar(operadora, 'alteracao-protocolo', ALT, { protocolo: fechado.numero, assunto: 'Outro assunto', motivo: 'Teste' });
    expect(job.status).toBe('falhou');
    expect(job.erro).toBe(`O protocolo ${fechado.numero} está concluído: só um protocolo em aberto (protocolado ou em análise) pode ser corrigido.`);
    expect((await protocolo(sql`id = ${fechado.id}`)).assunto).toBe(fechado.assunto);

    const aberto = await protocolo(sql`status in ('PROTOCOLADO', 'EM_ANALISE') and remetente_tipo <> 'PRESTADOR'`);
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: aberto.numero, motivo: 'Nada' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toContainEqual(expect.objectContaining({ field: 'tipoDocumento', value: 'Informe ao menos um dado a corrigir.' }));
    const c = await clinica();
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: aberto.numero, prestador: c.id, motivo: 'Remetente errado' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'prestador' });
    expect(alertsOf(res.body)[0].value).toMatch(/^O protocolo \d{4}\/\d{6} foi enviado por (beneficiário|empresa|outro): o prestador só se corrige em protocolos enviados por prestador\.$/);
    const amanha = new Date(Date.parse(`${todayIso()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: aberto.numero, recebidoEm: isoToBr(amanha), motivo: 'Data' });
    expect(alertsOf(res.body)).toContainEqual(expect.objectContaining({ field: 'recebidoEm', value: 'A data de recebimento não pode ser futura.' }));
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: '12', folhas: '2', motivo: 'Folhas' });
    expect(alertsOf(res.body)).toContainEqual(expect.objectContaining({ field: 'protocolo', value: 'Informe o número do protocolo com o ano (ex.: 2026/000123).' }));
    res = await previa(operadora, 'alteracao-protocolo', ALT, { protocolo: '1999/000001', folhas: '2', motivo: 'Folhas' });
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'protocolo', value: 'Protocolo 1999/000001 não encontrado.' });
  });

  it('is refused to whoever does not have the command', async () => {
    const p = await protocolo(sql`status = 'PROTOCOLADO'`);
    const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'alteracao-protocolo', comando: ALT, parametros: { protocolo: p.numero, folhas: '2', motivo: 'x' } } });
    expect(res.statusCode).toBe(403);
    expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
  });
});

// ---- Processar Alteração de Prestador no Protocolo ------------------------------------------------------------

const TROCA = '/util/processo/processa-alteracao-prestador-protocolo';

describe('Processar Alteração de Prestador no Protocolo', () => {
  const periodo = () => {
    const fim = todayIso();
    const inicio = new Date(Date.parse(`${fim}T12:00:00Z`) - 60 * 86_400_000).toISOString().slice(0, 10);
    return { inicio, fim };
  };

  it('exists only where the client switch is on', async () => {
    const c = await clinica();
    const { inicio, fim } = periodo();
    const params = { origem: c.id, destino: c.id + 1, inicio: isoToBr(inicio), fim: isoToBr(fim), motivo: 'CNPJ novo' };
    const flags = t.ctx.settings.flags as Record<string, { enable: boolean }>;
    const antes = flags[FLAG];
    flags[FLAG] = { ...antes, enable: false };
    try {
      const res = await previa(operadora, 'alteracao-prestador-protocolo', TROCA, params);
      expect(res.statusCode).toBe(403);
      expect(alertsOf(res.body)[0].value).toBe(APP_MSG.acessoNegado);
      const me = (await operadora({ method: 'GET', url: '/api/auth/me' })).json().result;
      expect(me.client.flags[FLAG].enable).toBe(false);
    } finally {
      flags[FLAG] = antes;
    }
    expect((await previa(operadora, 'alteracao-prestador-protocolo', TROCA, params)).statusCode).toBe(200);
  });

  it('moves the provider’s protocols of the period to the new provider, in the history, the trail and the CSV', async () => {
    const c = await clinica();
    const [novo] = await query<{ id: number; nome: string; codigo: string; cnpj: string }>(db(), sql`select id, nome, codigo, cnpj from prestadores where cnpj is not null and codigo not in ('100001') order by id desc limit 1`);
    const { inicio, fim } = periodo();
    const alvo = await query<{ id: number; numero: string; version: number; status: string }>(
      db(),
      sql`select id, numero, version, status from protocolos_documentos where prestador_id = ${c.id} and recebido_em between ${inicio} and ${fim} order by id`,
    );
    expect(alvo.length).toBeGreaterThanOrEqual(4);
    const params = { origem: c.id, destino: novo.id, inicio: isoToBr(inicio), fim: isoToBr(fim), motivo: 'Clínica passou a faturar com novo CNPJ' };
    const pv = (await previa(operadora, 'alteracao-prestador-protocolo', TROCA, params)).json().result;
    expect(pv.total).toBe(alvo.length);
    expect(pv.resumo).toBe(`${alvo.length} protocolos de ${c.nome} (${c.cnpj}) passam para ${novo.nome} (${novo.cnpj}).`);
    expect(pv.amostra[0]).toMatch(/^\d{4}\/\d{6} · \d{2}\/\d{2}\/\d{4} · .+ · .+$/);

    // a status narrows it
    const soDevolvidos = (await previa(operadora, 'alteracao-prestador-protocolo', TROCA, { ...params, status: 'DEVOLVIDO' })).json().result;
    expect(soDevolvidos.total).toBe(alvo.filter((a) => a.status === 'DEVOLVIDO').length);

    const job = await executar(operadora, 'alteracao-prestador-protocolo', TROCA, params);
    concluida(job);
    const depois = await query<{ id: number; prestador_id: number; remetente_nome: string; remetente_documento: string; version: number }>(
      db(),
      sql`select id, prestador_id, remetente_nome, remetente_documento, version from protocolos_documentos where id in ${sql`(${sql.join(alvo.map((a) => sql`${a.id}`), sql`, `)})`} order by id`,
    );
    expect(depois.map((d) => [d.prestador_id, d.remetente_nome, d.remetente_documento, d.version])).toEqual(alvo.map((a) => [novo.id, novo.nome, novo.cnpj, a.version + 1]));
    const [{ h }] = await query<{ h: number }>(
      db(),
      sql`select count(*)::int as h from protocolo_historico where acao = 'alterar' and nota = ${`Clínica passou a faturar com novo CNPJ — Prestador: ${c.nome} (100001) → ${novo.nome} (${novo.codigo})`}`,
    );
    expect(h).toBe(alvo.length);
    const [{ n }] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from trilha_eventos where entidade = 'protocolodocumento' and acao = 'update' and (depois->>'execucaoId')::int = ${job.id} and (antes->>'prestadorId')::int = ${c.id} and (depois->>'prestadorId')::int = ${novo.id}`,
    );
    expect(n).toBe(alvo.length);
    const csv = csvLinhas(await arquivo(operadora, job));
    expect(csv[0]).toEqual(['Protocolo', 'Recebido em', 'Status', 'Assunto', 'Prestador anterior', 'Documento anterior', 'Novo prestador', 'Novo documento']);
    expect(csv.slice(1).map((l) => l[0])).toEqual(alvo.map((a) => a.numero));
    expect(csv[1].slice(4)).toEqual([c.nome, c.cnpj, novo.nome, novo.cnpj]);
    // nothing left of the old provider in the period: a second run finds nothing
    expect((await previa(operadora, 'alteracao-prestador-protocolo', TROCA, params)).json().result).toMatchObject({ total: 0, resumo: `Nenhum protocolo de ${c.nome} nesta seleção: nada será alterado.` });
    // back to the clinic, for the tests that follow
    concluida(await executar(operadora, 'alteracao-prestador-protocolo', TROCA, { ...params, origem: novo.id, destino: c.id, motivo: 'Transferência desfeita' }));
  });

  it('refuses the same provider on both sides and a period turned around', async () => {
    const c = await clinica();
    const res = await previa(operadora, 'alteracao-prestador-protocolo', TROCA, { origem: c.id, destino: c.id, inicio: '10/01/2026', fim: '01/01/2026', motivo: 'x' });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'destino', value: 'Escolha um prestador diferente do atual.' }),
        expect.objectContaining({ field: 'fim', value: 'A data final não pode ser anterior à inicial.' }),
      ]),
    );
  });
});

// ---- Solicitação de Reenvio de Nota ----------------------------------------------------------------------------

const NOTA = '/util/processo/solicitacao-reenvio-nota';

describe('Solicitação de Reenvio de Nota', () => {
  it('writes one message per provider with its returned invoices and the reasons, pending without SMTP', async () => {
    t.ctx.config.smtp = undefined;
    const fim = todayIso();
    const inicio = new Date(Date.parse(`${fim}T12:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10);
    const notas = await query<{ prestador_id: number; numero: string; motivo: string; email: string; nome: string }>(
      db(),
      sql`select d.prestador_id, d.numero, d.motivo, p.email, p.nome from protocolos_documentos d join prestadores p on p.id = d.prestador_id
          where d.tipo_documento = 'NOTA_FISCAL' and d.status = 'DEVOLVIDO' and d.recebido_em between ${inicio} and ${fim} order by d.prestador_id, d.recebido_em, d.id`,
    );
    const prestadores = [...new Set(notas.map((n) => n.prestador_id))];
    expect(notas.length).toBeGreaterThanOrEqual(3);
    expect(prestadores.length).toBeGreaterThanOrEqual(2);
    const params = { inicio: isoToBr(inicio), fim: isoToBr(fim), assunto: 'Reenvio de nota fiscal', corpo: 'Prezado prestador,\n\nReenvie as notas abaixo.' };
    const pv = (await previa(operadora, 'solicitacao-reenvio-nota', NOTA, params)).json().result;
    expect(pv.total).toBe(prestadores.length);
    expect(pv.resumo).toBe(`${prestadores.length} prestadores receberão o pedido de reenvio de ${notas.length} notas fiscais.`);

    const job = await executar(operadora, 'solicitacao-reenvio-nota', NOTA, params);
    concluida(job);
    const msgs = await query<{ prestador_id: number; para: string; assunto: string; corpo: string; status: string }>(db(), sql`select * from emails where execucao_id = ${job.id} order by prestador_id`);
    expect(msgs.map((m) => m.prestador_id)).toEqual(prestadores);
    const c = await clinica();
    const daClinica = msgs.find((m) => m.prestador_id === c.id)!;
    expect(daClinica).toMatchObject({ para: c.email, assunto: 'Reenvio de nota fiscal', status: 'pendente' });
    const linhas = notas.filter((n) => n.prestador_id === c.id);
    expect(daClinica.corpo.startsWith('Prezado prestador,\n\nReenvie as notas abaixo.\n\nNotas fiscais devolvidas:\n- Protocolo ')).toBe(true);
    expect(daClinica.corpo.split('\n').filter((l) => l.startsWith('- Protocolo '))).toHaveLength(linhas.length);
    for (const n of linhas) expect(daClinica.corpo).toContain(`Protocolo ${n.numero}, recebido em `);
    expect(daClinica.corpo).toContain('Motivo da devolução: Nota emitida com o CNPJ antigo da clínica; emitir de novo com o CNPJ do contrato vigente.');
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'email' and acao = 'insert' and (depois->>'execucaoId')::int = ${job.id}`);
    expect(n).toBe(prestadores.length);
    const csv = csvLinhas(await arquivo(operadora, job));
    expect(csv).toHaveLength(prestadores.length + 1);
    expect(job.log.map((l) => l.mensagem)).toContain(`${prestadores.length} mensagens escritas na caixa de saída: 0 enviadas, 0 com erro, ${prestadores.length} pendentes.`);
  });

  it('one provider only, and a provider without e-mail is refused on the field', async () => {
    const c = await clinica();
    const fim = todayIso();
    const params = { inicio: isoToBr(new Date(Date.parse(`${fim}T12:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10)), fim: isoToBr(fim), prestador: c.id, assunto: 'Reenvio', corpo: 'Reenvie.' };
    expect((await previa(operadora, 'solicitacao-reenvio-nota', NOTA, params)).json().result).toMatchObject({ total: 1, amostra: [expect.stringMatching(new RegExp(`^${c.nome} · ${c.email} · \\d+ notas?$`))] });
    await db().execute(sql`update prestadores set email = null where id = ${c.id}`);
    try {
      expect((await previa(operadora, 'solicitacao-reenvio-nota', NOTA, params)).json().result.resumo).toBe(
        'Nenhuma nota fiscal devolvida neste período para prestador com e-mail: nenhuma mensagem será escrita. 1 prestador sem e-mail válido fica de fora.',
      );
      const job = await executar(operadora, 'solicitacao-reenvio-nota', NOTA, params);
      expect(job.status).toBe('falhou');
      expect(job.erro).toBe('Este prestador não tem e-mail válido no cadastro: corrija-o no cadastro do prestador.');
    } finally {
      await db().execute(sql`update prestadores set email = ${c.email} where id = ${c.id}`);
    }
  });
});


// ---- Lote de Autorizações ----------------------------------------------------------------------------------------

const LOTE = '/util/processo/lote-autorizacao';

describe('Lote de Autorizações', () => {
  const ano = () => {
    const fim = todayIso();
    return { inicio: new Date(Date.parse(`${fim}T12:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10), fim };
  };
  const pendentes = (tipo: string) => {
    const { inicio, fim } = ano();
    return query<{ id: number; numero: string; version: number; criada_por_id: number | null }>(
      db(),
      sql`select id, numero, version, criada_por_id from autorizacoes where status = 2 and tipo = ${tipo} and data_solicitacao between ${inicio} and ${fim} order by id`,
    );
  };

  it('is for the administrator only (manage on all) and a denial needs its table-38 code', async () => {
    const { inicio, fim } = ano();
    const params = { decisao: 'AUTORIZAR', justificativa: 'Mutirão', inicio: isoToBr(inicio), fim: isoToBr(fim), status: '2' };
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'lote-autorizacao', comando: LOTE, parametros: params } });
    expect(res.statusCode).toBe(403);
    const neg = await previa(admin, 'lote-autorizacao', LOTE, { ...params, decisao: 'NEGAR' });
    expect(neg.statusCode).toBe(400);
    expect(alertsOf(neg.body)).toContainEqual(expect.objectContaining({ field: 'motivoNegativa', value: 'Informe o motivo da negativa (tabela 38).' }));
    // a denial carries a written justification of the same minimum as on the decision screen ('Mutirão' is too short)
    expect(alertsOf(neg.body)).toContainEqual(expect.objectContaining({ field: 'justificativa', value: MSG_JUSTIFICATIVA_NEGATIVA }));
    const sem = await previa(admin, 'lote-autorizacao', LOTE, { ...params, justificativa: '' });
    expect(alertsOf(sem.body)).toContainEqual(expect.objectContaining({ field: 'justificativa' }));
  });

  it('authorizes the selected requests through the audit’s own decision: senha, history, trail; segregation leaves one out', async () => {
    const alvo = await pendentes('SP_SADT');
    expect(alvo.length).toBeGreaterThanOrEqual(2);
    const [{ id: adminId }] = await query<{ id: number }>(db(), sql`select id from usuarios where login = 'admin'`);
    // one of them was typed by the administrator for the provider: he may not decide it
    const propria = alvo[0];
    await db().execute(sql`update autorizacoes set criada_por_id = ${adminId} where id = ${propria.id}`);
    const { inicio, fim } = ano();
    const params = { decisao: 'AUTORIZAR', justificativa: 'Mutirão de auditoria: protocolos clínicos atendidos', inicio: isoToBr(inicio), fim: isoToBr(fim), status: '2', tipo: 'SP_SADT' };
    const pv = (await previa(admin, 'lote-autorizacao', LOTE, params)).json().result;
    expect(pv.total).toBe(alvo.length);
    expect(pv.resumo).toBe(`${alvo.length} solicitações com status "Em Análise" serão autorizadas. 1 foi registrada por você e fica de fora (quem registrou não decide).`);
    expect(pv.amostra[0]).toMatch(/^\d+ · SP\/SADT · .+ · .+ · \d{2}\/\d{2}\/\d{4} · R\$\s[\d.]+,\d{2}$/);

    const job = await executar(admin, 'lote-autorizacao', LOTE, params);
    concluida(job);
    const depois = await query<{ id: number; status: number; senha: string | null; validade_senha: string | null; motivo: string | null; decidida_por_id: number | null; version: number }>(
      db(),
      sql`select id, status, senha, validade_senha::text, motivo, decidida_por_id, version from autorizacoes where id in ${sql`(${sql.join(alvo.map((a) => sql`${a.id}`), sql`, `)})`} order by id`,
    );
    const [deProposito, ...outras] = depois;
    expect(deProposito).toMatchObject({ id: propria.id, status: 2, senha: null, version: propria.version });
    for (const [k, d] of outras.entries()) {
      expect(d).toMatchObject({ status: 1, motivo: 'Mutirão de auditoria: protocolos clínicos atendidos', decidida_por_id: adminId, version: alvo[k + 1].version + 1 });
      expect(d.senha).toMatch(/^\w{6,}$/);
    }
    const hist = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from autorizacao_historico where acao = 'autorizar' and de = 2 and para = 1 and usuario_id = ${adminId} and motivo = 'Mutirão de auditoria: protocolos clínicos atendidos'`,
    );
    expect(hist[0].n).toBe(outras.length);
    const [{ n }] = await query<{ n: number }>(
      db(),
      sql`select count(*)::int as n from trilha_eventos where entidade = 'autorizacao' and acao = 'update' and usuario_login = 'admin' and depois->>'acao' = 'autorizar' and (depois->>'status')::int = 1`,
    );
    expect(n).toBe(outras.length);
    const csv = csvLinhas(await arquivo(admin, job));
    expect(csv[0]).toEqual(['Guia', 'Tipo', 'Beneficiário', 'Prestador', 'Solicitada em', 'Valor', 'Resultado', 'Senha', 'Observação']);
    expect(csv.slice(1).map((l) => l[0])).toEqual(alvo.map((a) => a.numero));
    expect(csv[1].slice(6)).toEqual(['Não decidida', '', MSG_SEGREGACAO]);
    expect(csv[2][6]).toBe('Autorizado');
    expect(csv[2][7]).toBe(outras[0].senha);
    expect(job.log.map((l) => l.mensagem)).toContain(`${outras.length} solicitações autorizadas; 1 não decidida.`);
    // the single decision on the audit desk follows the same rule
    const um = await admin({ method: 'POST', url: `/api/autorizacoes/${propria.id}/decisao`, payload: { acao: 'autorizar', version: propria.version } });
    expect(um.statusCode).toBe(403);
    expect(alertsOf(um.body)[0].value).toBe(MSG_SEGREGACAO);
  });

  it('denies with the table-38 code on every item', async () => {
    const alvo = await pendentes('ODONTO');
    expect(alvo.length).toBeGreaterThanOrEqual(1);
    const { inicio, fim } = ano();
    const params = { decisao: 'NEGAR', motivoNegativa: '1438', justificativa: 'Fora da diretriz de utilização do Rol', inicio: isoToBr(inicio), fim: isoToBr(fim), status: '2', tipo: 'ODONTO' };
    expect((await previa(admin, 'lote-autorizacao', LOTE, params)).json().result.resumo).toBe(
      `${alvo.length} ${alvo.length === 1 ? 'solicitação' : 'solicitações'} com status "Em Análise" ${alvo.length === 1 ? 'será negada' : 'serão negadas'} pelo motivo 1438 – Procedimento não atende a diretriz de utilização (DUT) do Rol.`,
    );
    concluida(await executar(admin, 'lote-autorizacao', LOTE, params));
    const ids = sql`(${sql.join(alvo.map((a) => sql`${a.id}`), sql`, `)})`;
    const st = await query<{ status: number }>(db(), sql`select status from autorizacoes where id in ${ids}`);
    expect(st.every((s) => s.status === 3)).toBe(true);
    const itens = await query<{ motivo_negativa: string; quantidade_autorizada: number }>(db(), sql`select motivo_negativa, quantidade_autorizada from autorizacao_itens where autorizacao_id in ${ids}`);
    expect(itens.length).toBeGreaterThanOrEqual(alvo.length);
    expect(itens.every((i) => i.motivo_negativa === '1438' && i.quantidade_autorizada === 0)).toBe(true);
  });
});

// ---- Reenvio de SC -----------------------------------------------------------------------------------------------

const SC = '/util/processo/reenvio-sc';

describe('Reenvio de SC', () => {
  it('writes one message per provider with each pending justification or documentation request and the audit’s words', async () => {
    t.ctx.config.smtp = undefined;
    const pend = await query<{ prestador_id: number; numero: string; status: number; motivo: string }>(
      db(),
      sql`select a.prestador_id, a.numero, a.status, h.motivo from autorizacoes a
          cross join lateral (select motivo from autorizacao_historico h where h.autorizacao_id = a.id and h.para = a.status order by em desc, id desc limit 1) h
          join prestadores p on p.id = a.prestador_id where a.status in (4, 5) and p.email like '%@%.%' order by a.prestador_id`,
    );
    expect(pend.length).toBeGreaterThanOrEqual(2);
    const provs = [...new Set(pend.map((p) => p.prestador_id))];
    const params = { pendencia: 'AMBAS', dias: '0', assunto: 'Pendências da auditoria', corpo: 'Prezado prestador,\n\nResponda às pendências abaixo.' };
    const pv = (await previa(operadora, 'reenvio-sc', SC, params)).json().result;
    expect(pv.total).toBe(provs.length);
    expect(pv.resumo).toBe(`${provs.length} ${provs.length === 1 ? 'prestador receberá' : 'prestadores receberão'} de novo ${pend.length} solicitações pendentes.`);
    const so4 = (await previa(operadora, 'reenvio-sc', SC, { ...params, pendencia: '4' })).json().result;
    expect(so4.resumo).toContain(`${pend.filter((p) => p.status === 4).length} ${pend.filter((p) => p.status === 4).length === 1 ? 'solicitação pendente' : 'solicitações pendentes'}`);

    const job = await executar(operadora, 'reenvio-sc', SC, params);
    concluida(job);
    const msgs = await query<{ prestador_id: number; corpo: string; assunto: string; status: string }>(db(), sql`select prestador_id, corpo, assunto, status from emails where execucao_id = ${job.id} order by prestador_id`);
    expect(msgs.map((m) => m.prestador_id)).toEqual(provs);
    for (const p of pend) {
      const m = msgs.find((x) => x.prestador_id === p.prestador_id)!;
      expect(m.corpo.startsWith('Prezado prestador,\n\nResponda às pendências abaixo.\n\nSolicitações aguardando a sua resposta:\n- Guia ')).toBe(true);
      expect(m.corpo).toContain(`- Guia ${p.numero} (`);
      expect(m.corpo).toContain(`${p.status === 4 ? 'Justificativa técnica' : 'Documentação'}: ${p.motivo}`);
    }
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'email' and acao = 'insert' and (depois->>'execucaoId')::int = ${job.id}`);
    expect(n).toBe(provs.length);
    // only the requests asked at least a year ago
    const [{ antigos }] = await query<{ antigos: number }>(
      db(),
      sql`select count(distinct a.prestador_id)::int as antigos from autorizacoes a join prestadores p on p.id = a.prestador_id
          where a.status in (4, 5) and p.email like '%@%.%' and (select max(em) from autorizacao_historico h where h.autorizacao_id = a.id and h.para = a.status) <= now() - interval '365 days'`,
    );
    expect(antigos).toBeLessThan(provs.length);
    expect((await previa(operadora, 'reenvio-sc', SC, { ...params, dias: '365' })).json().result.total).toBe(antigos);
  });
});
