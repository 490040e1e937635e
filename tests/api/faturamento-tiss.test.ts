import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { MSG_RECEBIMENTO } from '../../src/server/faturamento/recebimento';
import { ANALISE_MSG } from '../../src/shared/faturamento/analise';
import { APP_MSG } from '../../src/shared/messages';
import { tissHash } from '../../src/server/tiss/hash';
import { formatMoney } from '../../src/shared/money';
import { loteGrande, loteTiss, type OpcoesLote } from '../fixtures/tiss-lotes';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

const COMANDO = '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss';
const TIPO = 'importacao-faturamento-tiss';

let t: TestApp;
let tokens: Record<'prestador' | 'operadora' | 'beneficiario', string>;
let prestador: { id: number; codigo: string };
let outro: { id: number; codigo: string };
let ans: string;
let carteiras: string[];
let codigos: string[];
const db = () => t.ctx.db;

beforeAll(async () => {
  t = await startTestApp({}, undefined, { jobs: true });
  tokens = { prestador: await loginAs(t.app, 'prestador'), operadora: await loginAs(t.app, 'operadora'), beneficiario: await loginAs(t.app, 'beneficiario') };
  [prestador] = await query<{ id: number; codigo: string }>(db(), sql`select p.id, p.codigo from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
  [outro] = await query<{ id: number; codigo: string }>(db(), sql`select id, codigo from prestadores where id <> ${prestador.id} and codigo is not null order by id limit 1`);
  [{ registro_ans: ans }] = await query<{ registro_ans: string }>(db(), sql`select registro_ans from operadoras order by id limit 1`);
  carteiras = (await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios order by id limit 3`)).map((r) => r.carteirinha);
  codigos = (await query<{ codigo: string }>(db(), sql`select codigo from procedimentos order by codigo limit 4`)).map((r) => r.codigo);
}, 120_000);
afterAll(() => t?.close());

const quem = (k: keyof typeof tokens) => as(t.app, tokens[k]);
const contar = async () =>
  (
    await query<{ p: number; g: number; i: number }>(
      db(),
      sql`select (select count(*)::int from protocolos_recebimento) as p, (select count(*)::int from guias_faturadas) as g, (select count(*)::int from itens_faturados) as i`,
    )
  )[0];

/** A lot of the logged-in provider, addressed to this operator. */
const lote = (o: Partial<OpcoesLote> & { numeroLote: string }): Buffer =>
  loteTiss({
    origem: { codigoPrestadorNaOperadora: prestador.codigo },
    registroANS: ans,
    guias: [
      { numero: `${o.numeroLote}-1`, carteira: carteiras[0], senha: 'AB12', itens: [{ codigo: codigos[0], quantidade: 2, valorUnitario: 123_45 }, { codigo: codigos[1], valorUnitario: 10_01 }] },
      { numero: `${o.numeroLote}-2`, carteira: carteiras[1], itens: [{ codigo: codigos[2], quantidade: 3, valorUnitario: 33_33 }] },
    ],
    ...o,
  });

/** The message with its epílogo hash computed again (a lot changed on purpose that still passes the hash). */
const comHash = (texto: string) => {
  const sem = texto.replace(/<ans:hash>[^<]*</, '<ans:hash><');
  return Buffer.from(sem.replace('<ans:hash><', `<ans:hash>${tissHash(sem)}<`), 'latin1');
};

async function importar(bytes: Buffer, who: keyof typeof tokens = 'prestador', nome = 'lote.xml') {
  const arquivo = await sendFile(t.app, tokens[who], nome, bytes);
  const fila = await quem(who)({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo } } });
  expect(fila.statusCode, fila.body).toBe(201);
  return waitForJob(quem(who), fila.json().result.id);
}

async function recusado(bytes: Buffer, mensagem: string | RegExp, who: keyof typeof tokens = 'prestador') {
  const antes = await contar();
  const job = await importar(bytes, who);
  expect(job.status).toBe('falhou');
  if (typeof mensagem === 'string') expect(job.erro).toBe(mensagem);
  else expect(job.erro).toMatch(mensagem);
  expect(job.arquivos).toEqual([]);
  expect(await contar()).toEqual(antes);
  return job;
}

describe('importação de faturamento TISS (fluxo 1)', () => {
  it('previews the lot before storing anything', async () => {
    // the demo billing is there already: the preview adds nothing to it
    const antes = await contar();
    const arquivo = await sendFile(t.app, tokens.prestador, 'lote.xml', lote({ numeroLote: 'P1' }));
    const r = await quem('prestador')({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo } } });
    expect(r.statusCode, r.body).toBe(200);
    const total = 2 * 123_45 + 10_01 + 3 * 33_33;
    expect(r.json().result).toEqual({ total: 2, resumo: `Lote P1 (TISS 4.03.00): 2 guias de SP/SADT, 3 itens, valor informado ${formatMoney(total)}.`, amostra: [`Guia P1-1: carteira ${carteiras[0]}, 2 itens`, `Guia P1-2: carteira ${carteiras[1]}, 1 item`] });
    expect(await contar()).toEqual(antes);
  });

  it('stores an accepted lot with its protocol number, exact totals, trail and the receipt PDF', async () => {
    const job = await importar(lote({ numeroLote: '1001' }));
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const [p] = await query<{ id: number; numero: string; prestador_id: number; numero_lote: string; padrao: string; tipo_guia: string; status: string; qtd_guias: number; valor: string; hash_charset: string; execucao_id: number }>(
      db(),
      sql`select id, numero, prestador_id, numero_lote, padrao, tipo_guia, status, qtd_guias, valor_informado_centavos::text as valor, hash_charset, execucao_id from protocolos_recebimento where numero_lote = '1001'`,
    );
    const ano = new Date().getUTCFullYear();
    expect(p).toMatchObject({ prestador_id: prestador.id, padrao: '4.03.00', tipo_guia: 'SP-SADT', status: '1', qtd_guias: 2, hash_charset: 'ISO-8859-1', execucao_id: job.id });
    expect(p.numero).toMatch(new RegExp(`^(${ano}|${ano + 1}|${ano - 1})\\d{8}$`));
    const total = 2 * 123_45 + 10_01 + 3 * 33_33;
    expect(Number(p.valor)).toBe(total);
    const guias = await query<{ numero_guia_prestador: string; senha: string | null; beneficiario: boolean; valor: string; soma: string }>(
      db(),
      sql`select g.numero_guia_prestador, g.senha, g.beneficiario_id is not null as beneficiario, g.valor_informado_centavos::text as valor,
            (select sum(i.valor_informado_centavos)::text from itens_faturados i where i.guia_id = g.id) as soma
          from guias_faturadas g where g.protocolo_id = ${p.id} order by g.ordem`,
    );
    expect(guias.map((g) => [g.numero_guia_prestador, g.senha, g.beneficiario, Number(g.valor), Number(g.soma)])).toEqual([
      ['1001-1', 'AB12', true, 2 * 123_45 + 10_01, 2 * 123_45 + 10_01],
      ['1001-2', null, true, 3 * 33_33, 3 * 33_33],
    ]);
    const itens = await query<{ codigo_procedimento: string; quantidade: number; unit: string; valor: string; tuss: string }>(
      db(),
      sql`select i.codigo_procedimento, i.quantidade, i.valor_unitario_centavos::text as unit, i.valor_informado_centavos::text as valor, pr.codigo as tuss
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join procedimentos pr on pr.id = i.procedimento_id where g.protocolo_id = ${p.id} order by g.ordem, i.sequencial`,
    );
    expect(itens.map((i) => [i.codigo_procedimento, i.tuss, i.quantidade, Number(i.unit), Number(i.valor)])).toEqual([
      [codigos[0], codigos[0], 2, 123_45, 246_90],
      [codigos[1], codigos[1], 1, 10_01, 10_01],
      [codigos[2], codigos[2], 3, 33_33, 99_99],
    ]);
    const trilha = await query<{ acao: string; usuario: string; depois: { numero: string; qtdGuias: number; valorInformado: number } }>(
      db(),
      sql`select t.acao, u.login as usuario, t.depois from trilha_eventos t join usuarios u on u.id = t.usuario_id where t.entidade = 'protocolorecebimento' and t.registro_id = ${String(p.id)}`,
    );
    expect(trilha).toEqual([{ acao: 'insert', usuario: 'prestador', depois: expect.objectContaining({ numero: p.numero, qtdGuias: 2, valorInformado: total }) }]);
    expect(job.log.map((l) => l.mensagem)).toContain(`Lote recebido no protocolo ${p.numero}.`);
    // the receipt: a PDF among the run's files, readable by the provider, with the protocol number
    expect(job.arquivos.map((a) => a.nome)).toEqual([`protocolo-${p.numero}.pdf`]);
    const pdf = await quem('prestador')({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'tiss-'));
    writeFileSync(join(dir, 'p.pdf'), pdf.rawPayload);
    const texto = execFileSync('pdftotext', ['-layout', join(dir, 'p.pdf'), '-'], { encoding: 'utf8' });
    expect(texto).toContain('Protocolo de recebimento de lote TISS');
    expect(texto).toContain(p.numero);
    expect(texto).toContain(formatMoney(total).replace(/\s/g, ' '));
    expect(texto).toContain('1001-2');
  });

  it('accepts a 4.01.00 lot of consulta guides during the transition', async () => {
    const job = await importar(lote({ numeroLote: '1002', padrao: '4.01.00', tipo: 'CONSULTA' }));
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const [p] = await query<{ padrao: string; tipo_guia: string; valor: string }>(db(), sql`select padrao, tipo_guia, valor_informado_centavos::text as valor from protocolos_recebimento where numero_lote = '1002'`);
    expect({ ...p, valor: Number(p.valor) }).toEqual({ padrao: '4.01.00', tipo_guia: 'CONSULTA', valor: 123_45 + 33_33 });
  });

  it('refuses a lot with one schema error with the line and a Portuguese message, and leaves no rows', async () => {
    const bom = lote({ numeroLote: '2001' }).toString('latin1');
    const linha = bom.split('\n').findIndex((l) => l.includes('<ans:caraterAtendimento>')) + 1;
    const ruim = Buffer.from(bom.replace('<ans:caraterAtendimento>1<', '<ans:caraterAtendimento>9<'), 'latin1');
    const job = await recusado(ruim, `Lote recusado: Linha ${linha}: Elemento caraterAtendimento: o valor "9" não é um dos códigos aceitos (1, 2).`);
    expect(job.log.filter((l) => l.nivel === 'erro').map((l) => l.mensagem)).toContain(`Linha ${linha}: Elemento caraterAtendimento: o valor "9" não é um dos códigos aceitos (1, 2).`);
  });

  it('refuses a value with more than two decimals (the schema) and never rounds it', async () => {
    const ruim = Buffer.from(lote({ numeroLote: '2002' }).toString('latin1').replace('<ans:valorUnitario>10.01<', '<ans:valorUnitario>10.015<'), 'latin1');
    await recusado(ruim, /^Lote recusado: Linha \d+: Elemento valorUnitario: o valor "10\.015" tem mais de 2 casas decimais\.$/);
  });

  it('refuses a lot whose epílogo hash does not match its content (5014)', async () => {
    const ruim = Buffer.from(lote({ numeroLote: '2003' }).toString('latin1').replace('<ans:valorUnitario>10.01<', '<ans:valorUnitario>10.02<').replace('<ans:valorTotal>10.01<', '<ans:valorTotal>10.02<'), 'latin1');
    await recusado(ruim, `Lote recusado: ${MSG_RECEBIMENTO.hash}`);
  });

  it('recognises a lot sent twice', async () => {
    const [p] = await query<{ numero: string; recebido_em: string }>(db(), sql`select numero, to_char(recebido_em at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') as recebido_em from protocolos_recebimento where numero_lote = '1001'`);
    await recusado(lote({ numeroLote: '1001' }), `Lote recusado: ${MSG_RECEBIMENTO.repetido('1001', p.numero, p.recebido_em)}`);
  });

  it("refuses another provider's lot, an unknown procedure, another operator and a value total that does not add up", async () => {
    await recusado(lote({ numeroLote: '2004', origem: { codigoPrestadorNaOperadora: outro.codigo } }), `Lote recusado: ${MSG_RECEBIMENTO.outroPrestador}`);
    const semProc = lote({ numeroLote: '2005', guias: [{ numero: 'X-1', carteira: carteiras[0], itens: [{ codigo: '99999999', valorUnitario: 100 }] }] });
    await recusado(semProc, `Lote recusado: ${MSG_RECEBIMENTO.procedimento('X-1', 1, '99999999')}`);
    const outraOp = lote({ numeroLote: '2006', registroANS: ans === '999999' ? '999998' : '999999' });
    await recusado(outraOp, `Lote recusado: ${MSG_RECEBIMENTO.destino(ans === '999999' ? '999998' : '999999')}`);
    // a valid message (schema and hash) whose guide total is not what its items add up to
    const somaErrada = comHash(lote({ numeroLote: '2007' }).toString('latin1').replace('<ans:valorTotalGeral>99.99<', '<ans:valorTotalGeral>99.98<'));
    await recusado(somaErrada, `Lote recusado: ${MSG_RECEBIMENTO.totalGuia('2007-2', formatMoney(99_98), formatMoney(99_99))}`);
  });

  it('refuses what is not a TISS lot at all', async () => {
    await recusado(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<nota>x</nota>\n', 'latin1'), 'Lote recusado: Linha 2: Elemento nota: não é uma mensagem TISS (o elemento raiz deve ser mensagemTISS).');
  });

  it("lets the operator's staff receive a provider's lot, stored under that provider", async () => {
    const job = await importar(lote({ numeroLote: '3001', origem: { codigoPrestadorNaOperadora: outro.codigo } }), 'operadora');
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    const [p] = await query<{ prestador_id: number }>(db(), sql`select prestador_id from protocolos_recebimento where numero_lote = '3001'`);
    expect(p.prestador_id).toBe(outro.id);
  });

  it('imports a 100-guide lot', async () => {
    const grande = loteGrande(100, { origem: { codigoPrestadorNaOperadora: prestador.codigo }, registroANS: ans, numeroLote: '4001', carteira: carteiras[2], codigos, itens: 3 });
    const job = await importar(grande);
    expect(job.status, JSON.stringify(job.log.slice(0, 3))).toBe('concluida');
    const [r] = await query<{ g: number; i: number; total: string; soma: string }>(
      db(),
      sql`select count(distinct g.id)::int as g, count(i.id)::int as i, max(p.valor_informado_centavos)::text as total, sum(i.valor_informado_centavos)::text as soma
          from protocolos_recebimento p join guias_faturadas g on g.protocolo_id = p.id join itens_faturados i on i.guia_id = g.id where p.numero_lote = '4001'`,
    );
    let esperado = 0;
    for (let i = 0; i < 100; i++) for (let j = 0; j < 3; j++) esperado += (1000 + i * 7 + j * 3) * (1 + (j % 2));
    expect({ ...r, total: Number(r.total), soma: Number(r.soma) }).toEqual({ g: 100, i: 300, total: esperado, soma: esperado });
  });

  it('is not open to a beneficiary', async () => {
    const arquivo = await sendFile(t.app, tokens.beneficiario, 'lote.xml', lote({ numeroLote: '5001' }));
    const r = await quem('beneficiario')({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: COMANDO, parametros: { arquivo } } });
    expect(r.statusCode).toBe(403);
    expect(alertsOf(r.body).length).toBe(1);
  });

  it('lists the received protocols: the provider only its own, the operator every provider', async () => {
    const doBanco = async (cond: ReturnType<typeof sql>) => (await query<{ numero: string }>(db(), sql`select numero from protocolos_recebimento where ${cond} order by recebido_em desc, id desc`)).map((r) => r.numero);
    const proprios = await doBanco(sql`prestador_id = ${prestador.id}`);
    const todos = await doBanco(sql`true`);
    expect(proprios.length).toBeGreaterThanOrEqual(3);
    expect(todos.length).toBeGreaterThan(proprios.length);
    const lista = async (who: keyof typeof tokens, q = '') => {
      const r = await quem(who)({ method: 'GET', url: `/api/faturamento/protocolos?limit=100${q}` });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().result.rows as { numero: string; prestador: number; valorInformado: number; status: string; qtdGuias: number }[];
    };
    expect((await lista('prestador')).map((r) => r.numero)).toEqual(proprios);
    expect((await lista('operadora')).map((r) => r.numero)).toEqual(todos);
    // another provider's protocol, asked by its number: not there for the provider
    const [deOutro] = await doBanco(sql`prestador_id = ${outro.id}`);
    expect(await lista('prestador', `&numero=${deOutro}`)).toEqual([]);
    expect((await lista('operadora', `&numero=${deOutro}`)).map((r) => [r.numero, r.prestador])).toEqual([[deOutro, outro.id]]);
    const [p1001] = await lista('prestador', '&lote=1001');
    expect(p1001).toMatchObject({ status: '1', qtdGuias: 2, valorInformado: 2 * 123_45 + 10_01 + 3 * 33_33 });
    expect((await lista('prestador', '&status=10')).length).toBe(0);
    const resumo = await quem('prestador')({ method: 'GET', url: '/api/faturamento/protocolos/resumo' });
    expect(resumo.json().result.total).toBe(proprios.length);
    const ben = await quem('beneficiario')({ method: 'GET', url: '/api/faturamento/protocolos' });
    expect(ben.statusCode).toBe(403);
  });

  it('proposes glosas with their table-38 codes: card, eligibility, senha, guide presented, duplicate, sex', async () => {
    const ativos = await query<{ id: number; carteirinha: string; sexo: string }>(db(), sql`select id, carteirinha, sexo from beneficiarios where situacao = 'ATIVO' order by id limit 3 offset 5`);
    const [homem] = await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where situacao = 'ATIVO' and sexo = '1' order by id desc limit 1`);
    const [feminino] = await query<{ codigo: string }>(db(), sql`select codigo from procedimentos where sexo = 'F' order by codigo limit 1`);
    const [suspenso] = await query<{ id: number; carteirinha: string }>(db(), sql`select id, carteirinha from beneficiarios where situacao = 'ATIVO' order by id desc limit 1 offset 3`);
    await db().execute(sql`update beneficiarios set situacao = 'SUSPENSO', data_situacao = '2026-11-01' where id = ${suspenso.id}`);
    // an authorization of the first beneficiary, with the senha AUT-OK, holding the first procedure
    const [aut] = await query<{ id: number }>(db(), sql`select id from autorizacoes order by id desc limit 1`);
    await db().execute(sql`update autorizacoes set beneficiario_id = ${ativos[0].id}, status = 1, senha = 'AUT-OK' where id = ${aut.id}`);
    await db().execute(sql`insert into autorizacao_itens (autorizacao_id, seq, codigo, descricao, quantidade_solicitada, quantidade_autorizada) values (${aut.id}, 99, ${codigos[0]}, 'teste', 1, 1)`);
    const job = await importar(
      lote({
        numeroLote: '6001',
        guias: [
          { numero: 'A', carteira: ativos[0].carteirinha, senha: 'AUT-OK', itens: [{ codigo: codigos[0], valorUnitario: 100 }, { codigo: codigos[3], valorUnitario: 100 }] },
          { numero: 'B', carteira: ativos[1].carteirinha, senha: 'AUT-OK', itens: [{ codigo: codigos[0], valorUnitario: 100 }] },
          { numero: 'C', carteira: '99999999999999', itens: [{ codigo: codigos[1], valorUnitario: 100 }] },
          { numero: 'D', carteira: ativos[2].carteirinha, itens: [{ codigo: codigos[2], valorUnitario: 100, data: '2026-11-12' }] },
          { numero: 'E', carteira: ativos[2].carteirinha, itens: [{ codigo: codigos[2], valorUnitario: 100, data: '2026-11-12' }] },
          { numero: '1001-2', carteira: ativos[1].carteirinha, itens: [{ codigo: codigos[1], valorUnitario: 100, data: '2026-11-13' }] },
          { numero: 'F', carteira: homem.carteirinha, itens: [{ codigo: feminino.codigo, valorUnitario: 100 }] },
          { numero: 'G', carteira: suspenso.carteirinha, itens: [{ codigo: codigos[1], valorUnitario: 100, data: '2026-11-05' }] },
        ],
      }),
    );
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    expect(job.log.map((l) => l.mensagem)).toContain('Guia C: a carteira 99999999999999 não é de um beneficiário cadastrado; a análise da conta a glosa.');
    const propostas = await query<{ guia: string; seq: number; proposta: string | null; glosa: string | null }>(
      db(),
      sql`select g.numero_guia_prestador as guia, i.sequencial as seq, i.glosa_proposta as proposta, i.glosa_codigo as glosa
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id where p.numero_lote = '6001' order by g.ordem, i.sequencial`,
    );
    expect(propostas.map((r) => [r.guia, r.seq, r.proposta])).toEqual([
      ['A', 1, null],
      ['A', 2, '1402'],
      ['B', 1, '1402'],
      ['C', 1, '1001'],
      ['D', 1, null],
      ['E', 1, '1702'],
      ['1001-2', 1, '1308'],
      ['F', 1, '1802'],
      ['G', 1, '1006'],
    ]);
    // a proposal only: nothing is glosed until the review decides
    expect(propostas.every((r) => r.glosa === null)).toBe(true);
  });

  describe('análise da conta (fluxo 2)', () => {
    const item = async (guia: string) =>
      (
        await query<{ id: number; version: number; guia_id: number }>(
          db(),
          sql`select i.id, i.version, i.guia_id from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id
              where p.numero_lote = '6001' and g.numero_guia_prestador = ${guia} order by i.sequencial limit 1`,
        )
      )[0];
    const analisar = (who: keyof typeof tokens, id: number, payload: Record<string, unknown>) => quem(who)({ method: 'PUT', url: `/api/faturamento/itens/${id}/analise`, payload });

    it('accepts the proposal, or glosas with another code and a reason, partly; the guide totals follow and the trail says why', async () => {
      const b = await item('B');
      const r = await analisar('operadora', b.id, { version: b.version, glosaCodigo: '1402' });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().result).toEqual({ id: b.id, version: b.version + 1, glosaProposta: '1402', glosaCodigo: '1402', valorInformado: 100, valorLiberado: 0, valorGlosa: 100 });
      const d = await item('D');
      const sem = await analisar('operadora', d.id, { version: d.version, glosaCodigo: '1705', valorGlosa: 40 });
      expect(sem.statusCode).toBe(422);
      expect(alertsOf(sem.body)).toEqual([expect.objectContaining({ value: ANALISE_MSG.justificativa, field: 'justificativa' })]);
      const com = await analisar('operadora', d.id, { version: d.version, glosaCodigo: '1705', valorGlosa: 40, justificativa: 'Valor acima do contratado.' });
      expect(com.statusCode, com.body).toBe(200);
      expect(com.json().result).toMatchObject({ glosaCodigo: '1705', valorLiberado: 60, valorGlosa: 40 });
      const [g] = await query<{ liberado: string; glosa: string }>(db(), sql`select valor_liberado_centavos::text as liberado, valor_glosa_centavos::text as glosa from guias_faturadas where id = ${d.guia_id}`);
      expect([Number(g.liberado), Number(g.glosa)]).toEqual([60, 40]);
      const [tr] = await query<{ usuario: string; depois: Record<string, unknown> }>(
        db(),
        sql`select u.login as usuario, t.depois from trilha_eventos t join usuarios u on u.id = t.usuario_id where t.entidade = 'itemfaturado' and t.registro_id = ${String(d.id)}`,
      );
      expect(tr).toEqual({ usuario: 'operadora', depois: expect.objectContaining({ glosaCodigo: '1705', valorGlosa: 40, justificativa: 'Valor acima do contratado.' }) });
    });

    it('refuses an unknown code, a glosa above the informed value and a stale version', async () => {
      const c = await item('C');
      const desconhecido = await analisar('operadora', c.id, { version: c.version, glosaCodigo: '0000', justificativa: 'x' });
      expect(alertsOf(desconhecido.body)[0]).toMatchObject({ value: ANALISE_MSG.codigoDesconhecido('0000'), field: 'glosaCodigo' });
      const acima = await analisar('operadora', c.id, { version: c.version, glosaCodigo: '1001', valorGlosa: 101 });
      expect(alertsOf(acima.body)[0]).toMatchObject({ value: ANALISE_MSG.valorGlosa, field: 'valorGlosa' });
      const velha = await analisar('operadora', c.id, { version: c.version + 5, glosaCodigo: '1001' });
      expect(velha.statusCode).toBe(409);
      expect(alertsOf(velha.body)[0].value).toBe(APP_MSG.conflito);
    });

    it('two reviewers glosing the same item at once: one decides, the other gets 409', async () => {
      const e = await item('E');
      const [a, b] = await Promise.all([
        analisar('operadora', e.id, { version: e.version, glosaCodigo: '1702' }),
        analisar('operadora', e.id, { version: e.version, glosaCodigo: '1705', justificativa: 'Outro motivo.' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [x] = await query<{ version: number; glosa: string }>(db(), sql`select version, glosa_codigo as glosa from itens_faturados where id = ${e.id}`);
      expect(x.version).toBe(e.version + 1);
      expect(x.glosa).toBe(a.statusCode === 200 ? '1702' : '1705');
    });

    it('is the operator’s: a provider (who sees its own lots) and a beneficiary are refused, nothing changes', async () => {
      const f = await item('F');
      const p = await analisar('prestador', f.id, { version: f.version, glosaCodigo: null, justificativa: 'liberar' });
      expect(p.statusCode).toBe(403);
      expect(alertsOf(p.body)[0].value).toBe(ANALISE_MSG.equipe);
      expect((await analisar('beneficiario', f.id, { version: f.version, glosaCodigo: null })).statusCode).toBe(403);
      const [x] = await query<{ version: number }>(db(), sql`select version from itens_faturados where id = ${f.id}`);
      expect(x.version).toBe(f.version);
    });
  });
});
