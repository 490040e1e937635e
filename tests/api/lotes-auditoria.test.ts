import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { LAYOUT_RETORNO_NEXIA, type LoteAuditoriaDetalhe } from '../../src/shared/auditoria-externa';
import { MSG_JUSTIFICATIVA_NEGATIVA } from '../../src/shared/autorizacoes';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { APP_MSG } from '../../src/shared/messages';
import { LAYOUT_NEXIA } from '../../src/shared/processos/exportacoes';
import { linha, posicoes } from '../../src/shared/processos/layout';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Lotes de Integração de Auditoria: the Nexia export of the requests awaiting the audit records a lot (its number in
 * the file's header, its items), and the audit company's return file is imported by the auditor: each request whose
 * items are all answered is decided through the audit's own service; an item that cannot be applied is refused in the
 * run's CSV and the rest goes on.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let aud: ReturnType<typeof as>;
let audToken: string;
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.database.db, s);
const hoje = todayIso();
const inicio = new Date(Date.parse(`${hoje}T12:00:00Z`) - 45 * 86_400_000).toISOString().slice(0, 10);
const C = '/util/analise/lote-integracao-auditoria';

let lote: number;
let guias: { id: number; numero: string; itens: { id: number; codigo: string; qtd: number }[] }[];

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  op = as(t.app, await loginAs(t.app, 'operadora'));
  audToken = await loginAs(t.app, 'auditor');
  aud = as(t.app, audToken);
  // five requests awaiting the audit in the period, one item of one of them asking for 3 (a partial opinion)
  const [{ id: auditor }] = await q<{ id: number }>(sql`select id from usuarios where login = 'auditor'`);
  const ids = (await q<{ id: number }>(sql`select id from autorizacoes where status = 2 and coalesce(criada_por_id, 0) <> ${auditor} order by data_solicitacao desc, id limit 5`)).map((r) => r.id);
  expect(ids.length).toBe(5);
  await t.database.db.execute(sql`update autorizacoes set data_solicitacao = ${hoje}::date - 10 where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  // only these five are in the period (the others are moved out of it, so the lot is exactly known)
  await t.database.db.execute(sql`update autorizacoes set data_solicitacao = ${inicio}::date - 400 where status = 2 and data_solicitacao between ${inicio}::date and ${hoje}::date and id not in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`);
  const [primeiro] = await q<{ id: number }>(sql`select id from autorizacao_itens where autorizacao_id = ${ids[2]} order by seq limit 1`);
  await t.database.db.execute(sql`update autorizacao_itens set quantidade_solicitada = 3 where id = ${primeiro.id}`);
  guias = [];
  for (const id of ids) {
    const [a] = await q<{ numero: string }>(sql`select numero from autorizacoes where id = ${id}`);
    guias.push({ id, numero: a.numero, itens: await q(sql`select id, codigo, quantidade_solicitada as qtd from autorizacao_itens where autorizacao_id = ${id} order by seq`) });
  }
}, 180_000);
afterAll(() => t?.close());

const campoNexia = (line: string, nome: string) => {
  const c = posicoes(LAYOUT_NEXIA.registros[0]).find((x) => x.nome === nome)!;
  return line.slice(c.inicio - 1, c.fim);
};

describe('lote enviado', () => {
  it('records a lot for the Nexia file of the requests awaiting the audit, its number in the header', async () => {
    const parametros = { situacao: 'PENDENTES', inicio: isoToBr(inicio), fim: isoToBr(hoje) };
    const pv = await op({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'nexia-auditoria', comando: '/util/exportacao/nexia-auditoria', parametros } });
    const itens = guias.reduce((s, g) => s + g.itens.length, 0);
    expect(pv.json().result.resumo).toBe(`5 guias em análise, ${itens} itens no arquivo; o arquivo vira um lote de auditoria.`);
    const res = await op({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'nexia-auditoria', comando: '/util/exportacao/nexia-auditoria', parametros } });
    const job = await waitForJob(op, res.json().result.id);
    expect(job.status, job.erro ?? '').toBe('concluida');
    const [l] = await q<{ id: number; situacao: string; guias: number; itens: number; arquivo_id: number; status: string }>(sql`select id, situacao, guias, itens, arquivo_id, status from lotes_auditoria where execucao_id = ${job.id}`);
    lote = l.id;
    expect(l).toMatchObject({ situacao: 'PENDENTES', guias: 5, itens, status: 'ENVIADO' });
    expect(l.arquivo_id).toBe(job.arquivos[0].id);
    const file = (await op({ method: 'GET', url: `/api/arquivos/${l.arquivo_id}` })).rawPayload.toString('latin1').split('\r\n');
    expect(Number(campoNexia(file[0], 'lote'))).toBe(lote);
    const det = (await aud({ method: 'GET', url: `/api/lotes-auditoria/${lote}` })).json().result as LoteAuditoriaDetalhe;
    expect(det.itensLista.map((i) => i.guia).sort()).toEqual(guias.flatMap((g) => g.itens.map(() => g.numero)).sort());
    const lista = (await aud({ method: 'GET', url: '/api/lotes-auditoria?situacao=ENVIADO' })).json().result.rows as { id: number }[];
    expect(lista.map((r) => r.id)).toContain(lote);
  });
});

describe('retorno da empresa', () => {
  const [cab, det, rod] = LAYOUT_RETORNO_NEXIA.registros;
  const arquivo = (lotNumber: number, itens: Record<string, string | number | undefined>[], quantidade = itens.length) =>
    Buffer.from([linha(cab, { registroAns, lote: lotNumber, geracao: hoje }), ...itens.map((i) => linha(det, i)), linha(rod, { quantidade })].join('\r\n'), 'latin1');
  let registroAns: string;

  beforeAll(async () => {
    [{ registroAns }] = await q<{ registroAns: string }>(sql`select registro_ans as "registroAns" from operadoras order by id limit 1`);
  });

  async function importar(b: Buffer) {
    const id = await sendFile(t.app, audToken, 'retorno-nexia.txt', b);
    const pv = await aud({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: 'retorno-auditoria', comando: C, parametros: { arquivo: id } } });
    const res = await aud({ method: 'POST', url: '/api/execucoes', payload: { tipo: 'retorno-auditoria', comando: C, parametros: { arquivo: id } } });
    return { pv, res };
  }

  it('decides each request through the audit’s service, refusing what cannot be applied item by item', async () => {
    const [g1, g2, g3, g4] = guias;
    const just = 'Indicação clínica não comprovada pelos exames anexados.';
    const itens = [
      ...g1.itens.map((i) => ({ guia: g1.numero, procedimento: i.codigo, parecer: 'A', auditor: 'Dra. Helena Prado CRM 12345' })),
      ...g2.itens.map((i) => ({ guia: g2.numero, procedimento: i.codigo, parecer: 'N', motivoNegativa: '1426', justificativa: just })),
      ...g3.itens.map((i, k) => (k === 0 ? { guia: g3.numero, procedimento: i.codigo, parecer: 'P', quantidade: 1, motivoNegativa: '1408', justificativa: 'Uma sessão basta.' } : { guia: g3.numero, procedimento: i.codigo, parecer: 'A' })),
      // a denial without a written justification: refused, and so is the rest of that request
      ...g4.itens.map((i) => ({ guia: g4.numero, procedimento: i.codigo, parecer: 'N', motivoNegativa: '1426', justificativa: 'curta' })),
      { guia: 'NAOEXISTE', procedimento: '10101012', parecer: 'A' },
    ];
    const { pv, res } = await importar(arquivo(lote, itens));
    expect(pv.statusCode, pv.body).toBe(200);
    expect(pv.json().result.resumo).toContain(`Lote ${lote}:`);
    const job = await waitForJob(aud, res.json().result.id);
    expect(job.status, job.erro ?? '').toBe('concluida');
    const st = async (id: number) => (await q<{ status: number; senha: string | null }>(sql`select status, senha from autorizacoes where id = ${id}`))[0];
    expect((await st(g1.id)).status).toBe(1);
    expect((await st(g1.id)).senha).toBeTruthy();
    expect((await st(g2.id)).status).toBe(3);
    expect((await st(g3.id)).status).toBe(7);
    expect((await st(g4.id)).status).toBe(2);
    expect(await q(sql`select motivo_negativa from autorizacao_itens where autorizacao_id = ${g2.id}`)).toEqual(g2.itens.map(() => ({ motivo_negativa: '1426' })));
    const [p3] = await q<{ quantidade_autorizada: number; motivo_negativa: string }>(sql`select quantidade_autorizada, motivo_negativa from autorizacao_itens where id = ${g3.itens[0].id}`);
    expect(p3).toEqual({ quantidade_autorizada: 1, motivo_negativa: '1408' });
    const [h] = await q<{ motivo: string; usuario_nome: string }>(sql`select motivo, usuario_nome from autorizacao_historico where autorizacao_id = ${g1.id} order by id desc limit 1`);
    // the company's file is upper-case ASCII, as its layout says
    expect(h.motivo).toBe(`Parecer da auditoria externa Nexia (lote ${lote}), DRA. HELENA PRADO CRM 12345:`);
    expect(h.usuario_nome).toBe('Aurora Auditora');
    // the run's CSV says each line's fate
    const csv = (await aud({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` })).rawPayload.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv).toHaveLength(itens.length + 1);
    const linhaDe = (guia: string) => csv.filter((l) => l.split(';')[1] === guia);
    expect(linhaDe(g1.numero).every((l) => l.includes(';Aplicado;Autorizado;'))).toBe(true);
    expect(linhaDe(g4.numero)[0]).toContain(MSG_JUSTIFICATIVA_NEGATIVA);
    expect(linhaDe('NAOEXISTE')[0]).toContain(`Item não encontrado no lote ${lote}: guia NAOEXISTE, procedimento 10101012.`);
    const d = (await aud({ method: 'GET', url: `/api/lotes-auditoria/${lote}` })).json().result as LoteAuditoriaDetalhe;
    expect(d.status).toBe('RETORNO_PARCIAL');
    expect(d.aplicados).toBe(g1.itens.length + g2.itens.length + g3.itens.length);
    expect(d.recusados).toBe(g4.itens.length);
    expect((await q(sql`select 1 from trilha_eventos where entidade = 'autorizacao' and registro_id = ${String(g2.id)}`)).length).toBeGreaterThan(0);
  });

  it('refuses an item already applied, a lot that was not sent and a trailer that does not count the items', async () => {
    const [g1] = guias;
    const { res } = await importar(arquivo(lote, [{ guia: g1.numero, procedimento: g1.itens[0].codigo, parecer: 'A' }]));
    const job = await waitForJob(aud, res.json().result.id);
    const csv = (await aud({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` })).rawPayload.toString('utf8');
    expect(csv).toContain(`Item já aplicado pelo retorno de ${isoToBr(hoje)}.`);
    const semLote = await importar(arquivo(999_999, [{ guia: g1.numero, procedimento: g1.itens[0].codigo, parecer: 'A' }]));
    expect(semLote.pv.statusCode).toBe(400);
    expect(alertsOf(semLote.pv.body)[0].value).toBe('Lote 999999 não encontrado entre os lotes enviados.');
    const conta = await importar(arquivo(lote, [{ guia: g1.numero, procedimento: g1.itens[0].codigo, parecer: 'A' }], 3));
    expect(alertsOf(conta.pv.body)[0].value).toBe('O trailer diz 3 itens; o arquivo tem 1.');
  });

  it('is refused to users without the command', async () => {
    for (const login of ['prestador', 'beneficiario']) {
      const who = as(t.app, await loginAs(t.app, login));
      const r = await who({ method: 'GET', url: '/api/lotes-auditoria' });
      expect(r.statusCode, login).toBe(403);
      expect(alertsOf(r.body)[0].value).toBe(APP_MSG.acessoNegado);
      expect((await who({ method: 'GET', url: `/api/lotes-auditoria/${lote}` })).statusCode).toBe(403);
    }
  });
});
