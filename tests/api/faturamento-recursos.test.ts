import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { MSG_RECEBIMENTO } from '../../src/server/faturamento/recebimento';
import { MSG_RECURSO_XML } from '../../src/server/faturamento/recurso-xml';
import { MSG_SEM_RESPOSTA } from '../../src/server/faturamento/recursos-routes';
import { validarXml } from '../../src/server/tiss/xsd';
import { RECURSO_MSG, type RecursoLinha } from '../../src/shared/faturamento/recursos';
import { APP_MSG } from '../../src/shared/messages';
import { formatMoney } from '../../src/shared/money';
import { loteTiss } from '../fixtures/tiss-lotes';
import { recursoTiss, type OpcoesRecurso } from '../fixtures/tiss-recursos';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

const LOTE = { comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss', tipo: 'importacao-faturamento-tiss' };
const RECURSO = { comando: '/principal/tiss/relatorio/importar-arquivo-xml/recurso-glosa', tipo: 'importacao-recurso-glosa' };

type Quem = 'prestador' | 'operadora' | 'auditor' | 'beneficiario';
let t: TestApp;
let tokens: Record<Quem, string>;
let prestador: { id: number; codigo: string };
let outro: { id: number; codigo: string };
let ans: string;
let carteiras: string[];
let codigos: string[];
/** The protocol numbers of the provider's lot 7001 and of the other provider's lot 7002. */
let protocolo: string;
let protocoloOutro: string;
const db = () => t.ctx.db;
const quem = (k: Quem) => as(t.app, tokens[k]);

async function importar(tipo: typeof LOTE, bytes: Buffer, who: Quem = 'prestador') {
  const arquivo = await sendFile(t.app, tokens[who], 'arquivo.xml', bytes);
  const fila = await quem(who)({ method: 'POST', url: '/api/execucoes', payload: { tipo: tipo.tipo, comando: tipo.comando, parametros: { arquivo } } });
  expect(fila.statusCode, fila.body).toBe(201);
  return waitForJob(quem(who), fila.json().result.id);
}

/** The item of a guide of lot 7001 (or 7002), as stored. */
const item = async (guia: string, seq = 1, lote = '7001') =>
  (
    await query<{ id: number; version: number; guia_id: number; liberado: string | null; glosa: string; informado: string }>(
      db(),
      sql`select i.id, i.version, i.guia_id, i.valor_liberado_centavos::text as liberado, i.valor_glosa_centavos::text as glosa, i.valor_informado_centavos::text as informado
          from itens_faturados i join guias_faturadas g on g.id = i.guia_id join protocolos_recebimento p on p.id = g.protocolo_id
          where p.numero_lote = ${lote} and g.numero_guia_prestador = ${guia} and i.sequencial = ${seq}`,
    )
  )[0];

const glosar = async (guia: string, seq: number, codigo: string, valorGlosa?: number, lote = '7001') => {
  const it = await item(guia, seq, lote);
  const r = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${it.id}/analise`, payload: { version: it.version, glosaCodigo: codigo, valorGlosa, justificativa: 'Conferência da conta.' } });
  expect(r.statusCode, r.body).toBe(200);
};

const contar = async () =>
  (await query<{ r: number; i: number }>(db(), sql`select (select count(*)::int from recursos_glosa) as r, (select count(*)::int from recursos_glosa_itens) as i`))[0];

/** The appeal file of the provider, addressed to this operator, for protocol 7001. */
const arquivo = (o: Partial<OpcoesRecurso> & Pick<OpcoesRecurso, 'numeroGuiaRecurso' | 'guias'>) =>
  recursoTiss({ registroANS: ans, prestador: prestador.codigo, numeroLote: '7001', protocolo, ...o });

async function recusado(bytes: Buffer, mensagem: string | RegExp) {
  const antes = await contar();
  const job = await importar(RECURSO, bytes);
  expect(job.status).toBe('falhou');
  if (typeof mensagem === 'string') expect(job.erro).toBe(mensagem);
  else expect(job.erro).toMatch(mensagem);
  expect(job.arquivos).toEqual([]);
  expect(await contar()).toEqual(antes);
  return job;
}

const lista = async (who: Quem, q = '') => {
  const r = await quem(who)({ method: 'GET', url: `/api/faturamento/recursos${q}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().result as RecursoLinha[];
};
const manual = (who: Quem, payload: Record<string, unknown>) => quem(who)({ method: 'POST', url: '/api/faturamento/recursos', payload });
const decidir = (who: Quem, id: number, payload: Record<string, unknown>) => quem(who)({ method: 'PUT', url: `/api/faturamento/recursos/itens/${id}/decisao`, payload });
/** The glosa's date moved back `dias` days (the review's trail is when the item was glosed). */
const glosadoHa = async (guia: string, dias: number) => {
  const it = await item(guia);
  await db().execute(sql`update trilha_eventos set em = now() - make_interval(days => ${dias}) where entidade = 'itemfaturado' and registro_id = ${String(it.id)}`);
};

beforeAll(async () => {
  t = await startTestApp({}, undefined, { jobs: true });
  tokens = {
    prestador: await loginAs(t.app, 'prestador'),
    operadora: await loginAs(t.app, 'operadora'),
    auditor: await loginAs(t.app, 'auditor'),
    beneficiario: await loginAs(t.app, 'beneficiario'),
  };
  [prestador] = await query<{ id: number; codigo: string }>(db(), sql`select p.id, p.codigo from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
  [outro] = await query<{ id: number; codigo: string }>(db(), sql`select id, codigo from prestadores where id <> ${prestador.id} and codigo is not null order by id limit 1`);
  [{ registro_ans: ans }] = await query<{ registro_ans: string }>(db(), sql`select registro_ans from operadoras order by id limit 1`);
  carteiras = (await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where situacao = 'ATIVO' order by id limit 3`)).map((r) => r.carteirinha);
  codigos = (await query<{ codigo: string }>(db(), sql`select codigo from procedimentos order by codigo limit 4`)).map((r) => r.codigo);
  const guias = ['R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7'].map((numero, i) => ({
    numero,
    carteira: carteiras[i % 3],
    data: `2026-11-${String(10 + i).padStart(2, '0')}`,
    itens:
      numero === 'R-1'
        ? [{ codigo: codigos[0], quantidade: 2, valorUnitario: 123_45 }, { codigo: codigos[1], valorUnitario: 10_01 }]
        : [{ codigo: codigos[i % 4], quantidade: numero === 'R-2' ? 3 : 1, valorUnitario: numero === 'R-2' ? 33_33 : 50_00 + i }],
  }));
  const l1 = await importar(LOTE, loteTiss({ origem: { codigoPrestadorNaOperadora: prestador.codigo }, registroANS: ans, numeroLote: '7001', guias }));
  expect(l1.status, JSON.stringify(l1.log)).toBe('concluida');
  const l2 = await importar(LOTE, loteTiss({ origem: { codigoPrestadorNaOperadora: outro.codigo }, registroANS: ans, numeroLote: '7002', guias: [{ numero: 'O-1', carteira: carteiras[0], itens: [{ codigo: codigos[0], valorUnitario: 80_00 }] }] }), 'operadora');
  expect(l2.status, JSON.stringify(l2.log)).toBe('concluida');
  [{ numero: protocolo }] = await query<{ numero: string }>(db(), sql`select numero from protocolos_recebimento where numero_lote = '7001' and prestador_id = ${prestador.id}`);
  [{ numero: protocoloOutro }] = await query<{ numero: string }>(db(), sql`select numero from protocolos_recebimento where numero_lote = '7002'`);
  // the review: R-1 item 1 partly (100,00 of 246,90), everything else whole
  await glosar('R-1', 1, '1705', 100_00);
  await glosar('R-1', 2, '1702');
  for (const g of ['R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7']) await glosar(g, 1, g === 'R-2' ? '1402' : '1705');
  await glosar('O-1', 1, '1705', undefined, '7002');
}, 180_000);
afterAll(() => t?.close());

describe('recurso de glosa (fluxo 4)', () => {
  it("shows the provider its protocol's glosed items with the deadline; another provider's protocol is not found", async () => {
    const r = await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/glosas?protocolo=${protocolo}` });
    expect(r.statusCode, r.body).toBe(200);
    const { guias } = r.json().result as { guias: { numeroGuiaPrestador: string; itens: { sequencial: number; glosaCodigo: string; valorGlosa: number; valorLiberado: number; prazo: string; glosadoEm: string }[] }[] };
    expect(guias.map((g) => g.numeroGuiaPrestador)).toEqual(['R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7']);
    expect(guias[0].itens.map((i) => [i.sequencial, i.glosaCodigo, i.valorGlosa, i.valorLiberado])).toEqual([
      [1, '1705', 100_00, 246_90 - 100_00],
      [2, '1702', 10_01, 0],
    ]);
    const d = new Date(`${guias[0].itens[0].glosadoEm}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 180);
    expect(guias[0].itens[0].prazo).toBe(d.toISOString().slice(0, 10));
    const alheio = await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/glosas?protocolo=${protocoloOutro}` });
    expect(alheio.statusCode).toBe(404);
    expect(alertsOf(alheio.body)[0].value).toBe(RECURSO_MSG.protocoloNaoEncontrado(protocoloOutro));
    expect((await quem('beneficiario')({ method: 'GET', url: `/api/faturamento/recursos/glosas?protocolo=${protocolo}` })).statusCode).toBe(403);
  });

  describe('por arquivo (RECURSO_GLOSA)', () => {
    const valido = () =>
      arquivo({
        numeroGuiaRecurso: 'REC-0001',
        guias: [
          { numero: 'R-1', itens: [{ sequencial: 1, data: '2026-11-10', codigo: codigos[0], codGlosa: '1705', valor: 100_00, justificativa: 'Valor conforme a tabela contratada.' }] },
          { numero: 'R-2', completa: { codGlosa: '1402', justificativa: 'Procedimento autorizado por telefone; senha anexada.' } },
        ],
        totalCompletas: 3 * 33_33,
      });

    it('a file that fails the schema is refused whole with the line and a Portuguese message', async () => {
      const bom = valido().toString('latin1');
      const linha = bom.split('\n').findIndex((l) => l.includes('<ans:objetoRecurso>')) + 1;
      const ruim = Buffer.from(bom.replace('<ans:objetoRecurso>2<', '<ans:objetoRecurso>7<'), 'latin1');
      await recusado(ruim, `Recurso recusado: Linha ${linha}: Elemento objetoRecurso: o valor "7" não é um dos códigos aceitos (1, 2).`);
    });

    it('a file whose hash does not match is refused (5014)', async () => {
      const ruim = Buffer.from(valido().toString('latin1').replace('Valor conforme a tabela contratada.', 'Valor conforme a tabela contratada!'), 'latin1');
      await recusado(ruim, `Recurso recusado: ${MSG_RECEBIMENTO.hash.replace('do lote', 'do recurso')}`);
    });

    it("another provider's protocol, a value above the glosa, the wrong glosa code and a total that does not add up are refused", async () => {
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-X1', protocolo: protocoloOutro, numeroLote: '7002', guias: [{ numero: 'O-1', completa: { codGlosa: '1705', justificativa: 'Indevida.' } }], totalCompletas: 80_00 }), `Recurso recusado: ${RECURSO_MSG.protocoloNaoEncontrado(protocoloOutro)}`);
      const acima = { sequencial: 1, data: '2026-11-10', codigo: codigos[0], codGlosa: '1705', valor: 100_01, justificativa: 'x' };
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-X2', guias: [{ numero: 'R-1', itens: [acima] }] }), `Recurso recusado: ${RECURSO_MSG.valorAcima('R-1', 1, formatMoney(100_00))}`);
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-X3', guias: [{ numero: 'R-1', itens: [{ ...acima, valor: 50_00, codGlosa: '1702' }] }] }), `Recurso recusado: ${RECURSO_MSG.codigo('R-1', 1, '1702', '1705')}`);
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-X4', guias: [{ numero: 'R-1', itens: [{ ...acima, valor: 50_00 }] }], total: 50_01 }), `Recurso recusado: ${MSG_RECURSO_XML.total(formatMoney(50_01), formatMoney(50_00))}`);
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-X5', guias: [{ numero: 'R-9', completa: { codGlosa: '1705', justificativa: 'x' } }], totalCompletas: 1 }), `Recurso recusado: ${RECURSO_MSG.guiaNaoEncontrada('R-9')}`);
    });

    it('a valid file is stored with its protocol number, exact values, the trail and the receipt PDF', async () => {
      const job = await importar(RECURSO, valido());
      expect(job.status, JSON.stringify(job.log)).toBe('concluida');
      const [r] = await query<{ id: number; numero: string; origem: string; padrao: string; status: string; recursado: string; prestador_id: number; numero_guia_recurso: string }>(
        db(),
        sql`select id, numero, origem, padrao, status, valor_recursado_centavos::text as recursado, prestador_id, numero_guia_recurso from recursos_glosa where numero_guia_recurso = 'REC-0001'`,
      );
      expect({ ...r, recursado: Number(r.recursado) }).toMatchObject({ origem: 'XML', padrao: '4.03.00', status: '1', recursado: 100_00 + 99_99, prestador_id: prestador.id });
      expect(r.numero).toMatch(/^\d{12}$/);
      const itens = await query<{ guia: string; completa: boolean; codigo: string; valor: string; justificativa: string }>(
        db(),
        sql`select g.numero_guia_prestador as guia, ri.guia_completa as completa, ri.codigo_glosa as codigo, ri.valor_recursado_centavos::text as valor, ri.justificativa
            from recursos_glosa_itens ri join itens_faturados i on i.id = ri.item_id join guias_faturadas g on g.id = i.guia_id where ri.recurso_id = ${r.id} order by g.ordem`,
      );
      expect(itens.map((i) => [i.guia, i.completa, i.codigo, Number(i.valor), i.justificativa])).toEqual([
        ['R-1', false, '1705', 100_00, 'Valor conforme a tabela contratada.'],
        ['R-2', true, '1402', 99_99, 'Procedimento autorizado por telefone; senha anexada.'],
      ]);
      const [tr] = await query<{ usuario: string; depois: { numero: string; valorRecursado: number } }>(
        db(),
        sql`select u.login as usuario, t.depois from trilha_eventos t join usuarios u on u.id = t.usuario_id where t.entidade = 'recursoglosa' and t.registro_id = ${String(r.id)}`,
      );
      expect(tr).toEqual({ usuario: 'prestador', depois: expect.objectContaining({ numero: r.numero, valorRecursado: 199_99 }) });
      expect(job.log.map((l) => l.mensagem)).toContain(`Recurso recebido no protocolo ${r.numero}.`);
      expect(job.arquivos.map((a) => a.nome)).toEqual([`recurso-${r.numero}.pdf`]);
      const pdf = await quem('prestador')({ method: 'GET', url: `/api/arquivos/${job.arquivos[0].id}` });
      const dir = mkdtempSync(join(tmpdir(), 'rec-'));
      writeFileSync(join(dir, 'r.pdf'), pdf.rawPayload);
      const texto = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(texto).toContain('Protocolo de recurso de glosa');
      expect(texto).toContain(r.numero);
      expect(texto).toContain(formatMoney(199_99).replace(/\s/g, ' '));
    });

    it('the same file sent again is recognised; an item already appealed is not appealed twice (2904)', async () => {
      const [r] = await query<{ numero: string; em: string }>(db(), sql`select numero, to_char(criado_em at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') as em from recursos_glosa where numero_guia_recurso = 'REC-0001'`);
      await recusado(valido(), `Recurso recusado: ${MSG_RECURSO_XML.repetido('REC-0001', r.numero, r.em)}`);
      const outroArquivo = arquivo({ numeroGuiaRecurso: 'REC-0002', guias: [{ numero: 'R-2', completa: { codGlosa: '1402', justificativa: 'De novo.' } }], totalCompletas: 99_99 });
      await recusado(outroArquivo, `Recurso recusado: ${RECURSO_MSG.repetido('R-2', 1, r.numero)}`);
    });
  });

  describe('digitado no portal', () => {
    it('appeals an item with a value up to the glosa; refuses what is not glosed, a value above it and a beneficiary', async () => {
      const acima = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-1', itens: [{ sequencial: 2, valorRecursado: 10_02, justificativa: 'Não é duplicidade.' }] }] });
      expect(acima.statusCode).toBe(422);
      expect(alertsOf(acima.body).map((a) => a.value)).toEqual([RECURSO_MSG.valorAcima('R-1', 2, formatMoney(10_01))]);
      const semJust = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-1', itens: [{ sequencial: 2, valorRecursado: 10_01, justificativa: ' ' }] }] });
      expect(semJust.statusCode).toBe(400);
      expect(alertsOf(semJust.body)[0].value).toBe(RECURSO_MSG.justificativa);
      const antes = await contar();
      const ok = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-1', itens: [{ sequencial: 2, valorRecursado: 10_01, justificativa: 'Não é duplicidade: são dois procedimentos distintos.' }] }] });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().result).toMatchObject({ valorRecursado: 10_01, itens: 1 });
      expect(await contar()).toEqual({ r: antes.r + 1, i: antes.i + 1 });
      expect((await manual('beneficiario', { protocolo, guias: [{ numeroGuiaPrestador: 'R-3', justificativaGuia: 'x' }] })).statusCode).toBe(403);
    });

    it('refuses with 2907 an appeal more than 180 days after the glosa, and takes one on the 180th day', async () => {
      await glosadoHa('R-3', 181);
      const tarde = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-3', justificativaGuia: 'Cobrança correta.' }] });
      expect(tarde.statusCode).toBe(422);
      const [{ em }] = await query<{ em: string }>(db(), sql`select to_char((now() - interval '181 days') at time zone 'America/Sao_Paulo', 'DD/MM/YYYY') as em`);
      expect(alertsOf(tarde.body).map((a) => a.value)).toEqual([RECURSO_MSG.prazo('R-3', 1, em)]);
      expect(alertsOf(tarde.body)[0].value).toContain('2907');
      // by file the same
      await recusado(arquivo({ numeroGuiaRecurso: 'REC-TARDE', guias: [{ numero: 'R-3', completa: { codGlosa: '1705', justificativa: 'Cobrança correta.' } }], totalCompletas: 50_02 }), `Recurso recusado: ${RECURSO_MSG.prazo('R-3', 1, em)}`);
      await glosadoHa('R-4', 180);
      const noPrazo = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-4', justificativaGuia: 'Valor da tabela vigente na data do atendimento.' }] });
      expect(noPrazo.statusCode, noPrazo.body).toBe(201);
    });
  });

  describe('decisão da operadora', () => {
    const doRecurso = async (who: Quem, guia: string, seq = 1) => {
      for (const r of await lista(who)) for (const i of r.itens) if (i.numeroGuiaPrestador === guia && i.sequencial === seq && r.protocolo === protocolo) return { recurso: r, item: i };
      throw new Error(`sem recurso da guia ${guia}`);
    };
    const totaisGuia = async (guia: string) => {
      const it = await item(guia);
      const [g] = await query<{ liberado: string; glosa: string }>(db(), sql`select valor_liberado_centavos::text as liberado, valor_glosa_centavos::text as glosa from guias_faturadas where id = ${it.guia_id}`);
      return [Number(g.liberado), Number(g.glosa)];
    };

    it('accepts in part (3095) and keeps (2902): the released values move by exactly what was accepted, the provider sees the answer', async () => {
      const { item: r1 } = await doRecurso('operadora', 'R-1');
      const errado = await decidir('operadora', r1.id, { version: r1.version, resultado: '3095', valorAcatado: 100_00, justificativa: 'Parcial.' });
      expect(errado.statusCode).toBe(422);
      expect(alertsOf(errado.body)[0]).toMatchObject({ value: RECURSO_MSG.valorParcial(formatMoney(100_00)), field: 'valorAcatado' });
      const comValor = await decidir('operadora', r1.id, { version: r1.version, resultado: '2902', valorAcatado: 1, justificativa: 'Mantida.' });
      expect(alertsOf(comValor.body)[0].value).toBe(RECURSO_MSG.valorSemParcial);
      const semJust = await decidir('operadora', r1.id, { version: r1.version, resultado: '2902' });
      expect(semJust.statusCode).toBe(400);
      const p = await decidir('operadora', r1.id, { version: r1.version, resultado: '3095', valorAcatado: 33_33, justificativa: 'Acatado o valor da tabela de 2026; o restante excede o contrato.' });
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json().result).toEqual({ id: r1.id, version: r1.version + 1, resultado: '3095', valorAcatado: 33_33, valorLiberado: 146_90 + 33_33, valorGlosa: 100_00 - 33_33, situacaoRecurso: '2' });
      const it1 = await item('R-1', 1);
      expect([Number(it1.liberado), Number(it1.glosa)]).toEqual([180_23, 66_67]);
      // the guide: item 1 (180,23 released) and item 2 (glosed whole, under another appeal still open)
      expect(await totaisGuia('R-1')).toEqual([180_23, 66_67 + 10_01]);
      const { item: r2 } = await doRecurso('operadora', 'R-2');
      const m = await decidir('auditor', r2.id, { version: r2.version, resultado: '2902', justificativa: 'Sem autorização prévia para o procedimento.' });
      expect(m.statusCode, m.body).toBe(200);
      expect(m.json().result).toMatchObject({ resultado: '2902', valorAcatado: 0, valorLiberado: 0, valorGlosa: 99_99, situacaoRecurso: '3' });
      expect(await totaisGuia('R-2')).toEqual([0, 99_99]);
      // the provider's list: the answer per item and the appeal's accepted total
      const { recurso, item: visto } = await doRecurso('prestador', 'R-1');
      expect(recurso).toMatchObject({ situacao: '3', valorRecursado: 199_99, valorAcatado: 33_33, origem: 'XML' });
      expect(visto).toMatchObject({ resultado: '3095', valorAcatado: 33_33, justificativaOperadora: 'Acatado o valor da tabela de 2026; o restante excede o contrato.', valorLiberado: 180_23 });
      const trilha = await query<{ usuario: string; depois: { resultado: string; valorAcatado: number; justificativa: string } }>(
        db(),
        sql`select u.login as usuario, t.depois from trilha_eventos t join usuarios u on u.id = t.usuario_id where t.entidade = 'recursoglosaitem' and t.registro_id in (${String(r1.id)}, ${String(r2.id)}) order by t.id`,
      );
      expect(trilha.map((x) => [x.usuario, x.depois.resultado, x.depois.valorAcatado])).toEqual([
        ['operadora', '3095', 33_33],
        ['auditor', '2902', 0],
      ]);
      // decided: deciding again is refused
      const deNovo = await decidir('auditor', r1.id, { version: r1.version + 1, resultado: '3092', justificativa: 'x' });
      expect(deNovo.statusCode).toBe(409);
    });

    it('accepts in full (3092): the whole appealed value is released', async () => {
      const { item: r4 } = await doRecurso('operadora', 'R-4');
      const antes = await item('R-4');
      const r = await decidir('auditor', r4.id, { version: r4.version, resultado: '3092', justificativa: 'Valor conforme a tabela vigente.' });
      expect(r.statusCode, r.body).toBe(200);
      const depois = await item('R-4');
      expect([Number(depois.liberado), Number(depois.glosa)]).toEqual([Number(antes.informado), 0]);
      expect(await totaisGuia('R-4')).toEqual([Number(antes.informado), 0]);
      expect(depois.version).toBe(antes.version + 1);
    });

    it('two operators deciding the same item at once: one decides, the other gets 409', async () => {
      const criado = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-6', itens: [{ sequencial: 1, valorRecursado: 20_00, justificativa: 'Parte do valor é devida.' }] }] });
      expect(criado.statusCode, criado.body).toBe(201);
      const { item: r6 } = await doRecurso('operadora', 'R-6');
      const [a, b] = await Promise.all([
        decidir('operadora', r6.id, { version: r6.version, resultado: '3092', justificativa: 'Devido.' }),
        decidir('auditor', r6.id, { version: r6.version, resultado: '2902', justificativa: 'Mantida.' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const perdeu = a.statusCode === 409 ? a : b;
      expect(alertsOf(perdeu.body)[0].value).toBe(APP_MSG.conflito);
      const it6 = await item('R-6');
      const informado = Number(it6.informado);
      expect([Number(it6.liberado), Number(it6.glosa)]).toEqual(a.statusCode === 200 ? [20_00, informado - 20_00] : [0, informado]);
      const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from trilha_eventos where entidade = 'recursoglosaitem' and registro_id = ${String(r6.id)}`);
      expect(n).toBe(1);
    });

    it('segregation: whoever registered the appeal cannot decide it; the provider never decides', async () => {
      // the operator's staff type an appeal in the other provider's name
      const criado = await manual('operadora', { protocolo: protocoloOutro, guias: [{ numeroGuiaPrestador: 'O-1', justificativaGuia: 'Recurso recebido em papel e digitado pela operadora.' }] });
      expect(criado.statusCode, criado.body).toBe(201);
      const [rec] = await lista('operadora', `?protocolo=${protocoloOutro}`);
      expect(rec.proprio).toBe(true);
      const alvo = rec.itens[0];
      const mesmo = await decidir('operadora', alvo.id, { version: alvo.version, resultado: '3092', justificativa: 'Devido.' });
      expect(mesmo.statusCode).toBe(403);
      expect(alertsOf(mesmo.body)[0].value).toBe(RECURSO_MSG.segregacao);
      const prest = await decidir('prestador', alvo.id, { version: alvo.version, resultado: '3092', justificativa: 'Devido.' });
      expect(prest.statusCode).toBe(403);
      expect(alertsOf(prest.body)[0].value).toBe(RECURSO_MSG.equipe);
      const outroUsuario = await decidir('auditor', alvo.id, { version: alvo.version, resultado: '3092', justificativa: 'Devido.' });
      expect(outroUsuario.statusCode, outroUsuario.body).toBe(200);
      expect(outroUsuario.json().result).toMatchObject({ valorAcatado: 80_00, valorLiberado: 80_00, valorGlosa: 0 });
    });

    it("scope: the provider lists only its own appeals and cannot open another provider's", async () => {
      const proprios = await lista('prestador');
      const todos = await lista('operadora');
      const [{ n: meus }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from recursos_glosa where prestador_id = ${prestador.id}`);
      const [{ n: total }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from recursos_glosa`);
      expect(proprios.length).toBe(meus);
      expect(todos.length).toBe(total);
      expect(total).toBeGreaterThan(meus);
      expect(proprios.every((r) => r.protocolo === protocolo)).toBe(true);
      const [doOutro] = await lista('operadora', `?protocolo=${protocoloOutro}`);
      expect((await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/${doOutro.id}/comprovante` })).statusCode).toBe(404);
      expect(await lista('prestador', `?protocolo=${protocoloOutro}`)).toEqual([]);
      expect((await quem('beneficiario')({ method: 'GET', url: '/api/faturamento/recursos' })).statusCode).toBe(403);
    });

    it('the TISS answer (RESPOSTA_RECURSO_GLOSA) validates against the 4.03.00 schema, once every item is answered', async () => {
      const recs = await lista('prestador');
      const respondido = recs.find((r) => r.origem === 'XML')!;
      const r = await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/${respondido.id}/resposta` });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toContain('ISO-8859-1');
      expect(validarXml(r.rawPayload, '4.03.00')).toEqual([]);
      const texto = r.rawPayload.toString('latin1');
      expect(texto).toContain('<ans:tipoTransacao>RESPOSTA_RECURSO_GLOSA</ans:tipoTransacao>');
      expect(texto).toContain('<ans:valorTotalAcatado>33.33</ans:valorTotalAcatado>');
      expect(texto).toContain('<ans:valorAcatadado>0.00</ans:valorAcatadado>');
      const aberto = await manual('prestador', { protocolo, guias: [{ numeroGuiaPrestador: 'R-7', justificativaGuia: 'Procedimento executado conforme pedido.' }] });
      expect(aberto.statusCode).toBe(201);
      const pendente = (await lista('prestador')).find((x) => x.situacao === '1' && x.itens.some((i) => i.numeroGuiaPrestador === 'R-7'))!;
      const cedo = await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/${pendente.id}/resposta` });
      expect(cedo.statusCode).toBe(409);
      expect(alertsOf(cedo.body)[0].value).toBe(MSG_SEM_RESPOSTA);
      const pdf = await quem('prestador')({ method: 'GET', url: `/api/faturamento/recursos/${pendente.id}/comprovante` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });
  });
});
