import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../src/server/db/sql';
import { MIGRATIONS_DIR } from '../../src/server/paths';
import type { ContaProtocolo } from '../../src/shared/faturamento/conta';
import type { ProtocoloFechamento } from '../../src/shared/faturamento/fechamento-glosa';
import { loteTiss } from '../fixtures/tiss-lotes';
import { as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The glosa and released totals stored on each protocol (read by Fechamento de Glosa Manual instead of its guides)
 * stay equal to the sum of its items after every writer: the demo seed, the TISS import, each item's review, the
 * review's closing (accepting the proposals), the appeal decisions (in part, in full) and closing the glosas by hand.
 * The reference is summed here from `itens_faturados`, not from the guides the writers update.
 */

type Quem = 'prestador' | 'operadora' | 'auditor';
let t: TestApp;
const tokens = {} as Record<Quem, string>;
const quem = (k: Quem) => as(t.app, tokens[k]);
const db = () => t.ctx.db;
let protocolo: { id: number; numero: string };

/** Stored and summed totals of one protocol (or of every protocol whose stored totals differ from the sums). */
const totais = async (id: number) =>
  (
    await query<{ glosa: number; liberado: number; soma_glosa: number; soma_liberado: number }>(
      db(),
      sql`select p.valor_glosa_centavos::int as glosa, p.valor_liberado_centavos::int as liberado,
            (select coalesce(sum(i.valor_glosa_centavos), 0)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as soma_glosa,
            (select coalesce(sum(i.valor_liberado_centavos), 0)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as soma_liberado
          from protocolos_recebimento p where p.id = ${id}`,
    )
  )[0];
const divergentes = async () =>
  query<{ numero: string }>(
    db(),
    sql`select p.numero from protocolos_recebimento p
        left join (select g.protocolo_id, sum(i.valor_glosa_centavos) as glosa, sum(coalesce(i.valor_liberado_centavos, 0)) as liberado
                   from itens_faturados i join guias_faturadas g on g.id = i.guia_id group by g.protocolo_id) s on s.protocolo_id = p.id
        where p.valor_glosa_centavos <> coalesce(s.glosa, 0) or p.valor_liberado_centavos <> coalesce(s.liberado, 0)`,
  );
/** Asserts the protocol's stored totals are its items' sums, and answers them. */
const confere = async (esperado?: { glosa: number; liberado: number }) => {
  const r = await totais(protocolo.id);
  expect({ glosa: r.glosa, liberado: r.liberado }).toEqual({ glosa: r.soma_glosa, liberado: r.soma_liberado });
  if (esperado) expect({ glosa: r.glosa, liberado: r.liberado }).toEqual(esperado);
  return r;
};
const itens = async () => {
  const r = await quem('operadora')({ method: 'GET', url: `/api/faturamento/protocolos/${protocolo.id}/conta` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().result as ContaProtocolo;
};
const linhaDaLista = async (q = '') => {
  const r = await quem('operadora')({ method: 'GET', url: `/api/faturamento/fechamento-glosa?numero=${protocolo.numero}${q}` });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().result.rows as { id: number; valorGlosa: number; valorLiberado: number; recursosPendentes: number; situacaoGlosa: string }[])[0];
};

beforeAll(async () => {
  t = await startTestApp({}, undefined, { jobs: true });
  for (const k of ['prestador', 'operadora', 'auditor'] as Quem[]) tokens[k] = await loginAs(t.app, k);
}, 180_000);
afterAll(() => t?.close());

describe('totais de glosa e liberado do protocolo', () => {
  it('are the sums of the items for every protocol of the demo seed, and the list shows them', async () => {
    expect(await divergentes()).toEqual([]);
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from protocolos_recebimento where valor_glosa_centavos > 0 and status not in ('1', '2')`);
    expect(n).toBeGreaterThan(0);
    // the seed's appeals accepted with a value moved glosa to released (the seed's own path for them is covered)
    const [{ acatados }] = await query<{ acatados: number }>(db(), sql`select count(*)::int as acatados from recursos_glosa_itens where valor_acatado_centavos > 0`);
    expect(acatados).toBeGreaterThan(0);
    // the list's own figures against the items, over its first page
    const r = await quem('operadora')({ method: 'GET', url: '/api/faturamento/fechamento-glosa?limit=50' });
    const rows = r.json().result.rows as { id: number; valorGlosa: number; valorLiberado: number; recursosPendentes: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((x) => x.id);
    const ref = await query<{ id: number; glosa: number; liberado: number; pendentes: number }>(
      db(),
      sql`select p.id, (select coalesce(sum(i.valor_glosa_centavos), 0)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as glosa,
            (select coalesce(sum(i.valor_liberado_centavos), 0)::int from itens_faturados i join guias_faturadas g on g.id = i.guia_id where g.protocolo_id = p.id) as liberado,
            (select count(*)::int from recursos_glosa_itens ri join recursos_glosa rg on rg.id = ri.recurso_id where rg.protocolo_id = p.id and ri.resultado is null) as pendentes
          from protocolos_recebimento p where p.id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`,
    );
    const porId = new Map(ref.map((x) => [x.id, x]));
    for (const x of rows) expect([x.id, x.valorGlosa, x.valorLiberado, x.recursosPendentes]).toEqual([x.id, porId.get(x.id)!.glosa, porId.get(x.id)!.liberado, porId.get(x.id)!.pendentes]);
  });

  it("are what the migration's backfill computes from the guides of existing protocols", async () => {
    const arquivo = readdirSync(MIGRATIONS_DIR).find((f) => /^\d{4}_protocolos_totais_glosa\.sql$/.test(f))!;
    const backfill = readFileSync(join(MIGRATIONS_DIR, arquivo), 'utf8')
      .split('--> statement-breakpoint')
      .map((x) => x.trim())
      .find((x) => /UPDATE "protocolos_recebimento"/.test(x))!;
    expect(backfill).toBeTruthy();
    const [antes] = await query<{ glosa: string; liberado: string }>(db(), sql`select sum(valor_glosa_centavos)::text as glosa, sum(valor_liberado_centavos)::text as liberado from protocolos_recebimento`);
    expect(Number(antes.glosa)).toBeGreaterThan(0);
    // as a database migrated before the columns existed holds them: zero
    await db().execute(sql`update protocolos_recebimento set valor_glosa_centavos = 0, valor_liberado_centavos = 0`);
    expect((await divergentes()).length).toBeGreaterThan(0);
    await db().execute(sql.raw(backfill));
    expect(await divergentes()).toEqual([]);
    const [depois] = await query<{ glosa: string; liberado: string }>(db(), sql`select sum(valor_glosa_centavos)::text as glosa, sum(valor_liberado_centavos)::text as liberado from protocolos_recebimento`);
    expect(depois).toEqual(antes);
  });

  it('follow the import, each review decision, the closing, the appeal decisions and the glosa closing', async () => {
    const [prestador] = await query<{ codigo: string }>(db(), sql`select p.codigo from prestadores p join usuarios u on u.prestador_id = p.id where u.login = 'prestador'`);
    const [{ registro_ans: ans }] = await query<{ registro_ans: string }>(db(), sql`select registro_ans from operadoras order by id limit 1`);
    const carteiras = (await query<{ carteirinha: string }>(db(), sql`select carteirinha from beneficiarios where situacao = 'ATIVO' order by id limit 2 offset 3`)).map((r) => r.carteirinha);
    const codigos = (await query<{ codigo: string }>(db(), sql`select codigo from procedimentos where coalesce(sexo, '') not in ('M', 'F') and codigo ~ '^[0-9]{8}$' order by codigo limit 3 offset 11`)).map((r) => r.codigo);

    // the TISS import (gravarProtocolo): nothing decided yet; a lot number of its own (a retry runs on the same database)
    const numeroLote = String(Date.now()).slice(-9);
    const lote = loteTiss({
      origem: { codigoPrestadorNaOperadora: prestador.codigo },
      registroANS: ans,
      numeroLote,
      guias: [
        { numero: 'T-1', carteira: carteiras[0], itens: [{ codigo: codigos[0], quantidade: 2, valorUnitario: 150_25 }, { codigo: codigos[1], valorUnitario: 80_00 }] },
        { numero: 'T-2', carteira: carteiras[1], itens: [{ codigo: codigos[2], valorUnitario: 210_10 }] },
        { numero: 'T-3', carteira: carteiras[0], itens: [{ codigo: codigos[1], valorUnitario: 45_55 }] },
      ],
    });
    const arquivo = await sendFile(t.app, tokens.prestador, 'lote.xml', lote);
    const fila = await quem('prestador')({
      method: 'POST',
      url: '/api/execucoes',
      payload: { tipo: 'importacao-faturamento-tiss', comando: '/principal/tiss/relatorio/importar-arquivo-xml/faturamento-tiss', parametros: { arquivo } },
    });
    expect(fila.statusCode, fila.body).toBe(201);
    const job = await waitForJob(quem('prestador'), fila.json().result.id);
    expect(job.status, JSON.stringify(job.log)).toBe('concluida');
    [protocolo] = await query<{ id: number; numero: string }>(db(), sql`select id, numero from protocolos_recebimento where numero_lote = ${numeroLote}`);
    await confere({ glosa: 0, liberado: 0 });

    // the review, item by item: T-1 item 1 glosed in part, T-2 whole, T-1 item 2 released
    const decidir = async (guia: string, seq: number, body: Record<string, unknown>) => {
      const it = (await itens()).guias.find((g) => g.numeroGuiaPrestador === guia)!.itens.find((i) => i.sequencial === seq)!;
      const r = await quem('operadora')({ method: 'PUT', url: `/api/faturamento/itens/${it.id}/analise`, payload: { version: it.version, justificativa: 'Conferência da conta.', ...body } });
      expect(r.statusCode, r.body).toBe(200);
    };
    await decidir('T-1', 1, { glosaCodigo: '1705', valorGlosa: 100_00 });
    await confere({ glosa: 100_00, liberado: 300_50 - 100_00 });
    await decidir('T-2', 1, { glosaCodigo: '1705' });
    await confere({ glosa: 100_00 + 210_10, liberado: 200_50 });
    await decidir('T-1', 2, { glosaCodigo: null });
    await confere({ glosa: 310_10, liberado: 200_50 + 80_00 });
    // a decision changed: the totals move back
    await decidir('T-2', 1, { glosaCodigo: '1705', valorGlosa: 10_10 });
    await confere({ glosa: 110_10, liberado: 280_50 + 200_00 });

    // the closing accepts T-3's proposal (whatever the checks proposed), and the protocol enters the list
    const conta = await itens();
    const fim = await quem('operadora')({ method: 'POST', url: `/api/faturamento/protocolos/${protocolo.id}/encerramento`, payload: { version: conta.version, aceitarPropostas: true } });
    expect(fim.statusCode, fim.body).toBe(200);
    const fechado = await confere();
    expect(fechado.glosa + fechado.liberado).toBe(300_50 + 80_00 + 210_10 + 45_55);
    expect(fim.json().result.totais).toMatchObject({ valorGlosa: fechado.glosa, valorLiberado: fechado.liberado });
    expect(await linhaDaLista()).toMatchObject({ id: protocolo.id, valorGlosa: fechado.glosa, valorLiberado: fechado.liberado, recursosPendentes: 0, situacaoGlosa: 'ABERTA' });

    // the provider appeals both glosas; the list counts the open appeal items
    const recurso = await quem('prestador')({
      method: 'POST',
      url: '/api/faturamento/recursos',
      payload: {
        protocolo: protocolo.numero,
        guias: [
          { numeroGuiaPrestador: 'T-1', itens: [{ sequencial: 1, valorRecursado: 100_00, justificativa: 'Valor da tabela vigente no contrato.' }] },
          { numeroGuiaPrestador: 'T-2', itens: [{ sequencial: 1, valorRecursado: 10_10, justificativa: 'Procedimento cobrado conforme o contrato.' }] },
        ],
      },
    });
    expect(recurso.statusCode, recurso.body).toBe(201);
    expect(await linhaDaLista()).toMatchObject({ recursosPendentes: 2 });
    const abertos = await query<{ id: number; version: number; guia: string }>(
      db(),
      sql`select ri.id, ri.version, g.numero_guia_prestador as guia from recursos_glosa_itens ri join recursos_glosa r on r.id = ri.recurso_id
          join itens_faturados i on i.id = ri.item_id join guias_faturadas g on g.id = i.guia_id where r.protocolo_id = ${protocolo.id} order by g.ordem`,
    );
    const decisao = (who: Quem, id: number, body: Record<string, unknown>) => quem(who)({ method: 'PUT', url: `/api/faturamento/recursos/itens/${id}/decisao`, payload: body });
    // in part (60,00 of 100,00), then in full (10,10)
    let r = await decisao('auditor', abertos[0].id, { version: abertos[0].version, resultado: '3095', valorAcatado: 60_00, justificativa: 'Acatado em parte pela tabela.' });
    expect(r.statusCode, r.body).toBe(200);
    await confere({ glosa: fechado.glosa - 60_00, liberado: fechado.liberado + 60_00 });
    expect(await linhaDaLista()).toMatchObject({ valorGlosa: fechado.glosa - 60_00, recursosPendentes: 1 });
    r = await decisao('operadora', abertos[1].id, { version: abertos[1].version, resultado: '3092', justificativa: 'Devido.' });
    expect(r.statusCode, r.body).toBe(200);
    const depois = await confere({ glosa: fechado.glosa - 70_10, liberado: fechado.liberado + 70_10 });

    // closing the glosas by hand changes no value; the list moves it to the closed ones with the same totals
    const d = (await quem('operadora')({ method: 'GET', url: `/api/faturamento/fechamento-glosa/${protocolo.id}` })).json().result as ProtocoloFechamento;
    expect(d).toMatchObject({ valorGlosa: depois.glosa, valorLiberado: depois.liberado, recursosPendentes: 0 });
    expect(depois.glosa).toBeGreaterThan(0);
    const ok = await quem('operadora')({ method: 'POST', url: `/api/faturamento/fechamento-glosa/${protocolo.id}`, payload: { version: d.version, justificativa: 'Glosas conferidas com o contrato do prestador.' } });
    expect(ok.statusCode, ok.body).toBe(200);
    await confere({ glosa: depois.glosa, liberado: depois.liberado });
    expect(await linhaDaLista('&glosa=FECHADA')).toMatchObject({ id: protocolo.id, valorGlosa: depois.glosa, situacaoGlosa: 'FECHADA' });
    expect(await linhaDaLista('&glosa=ABERTA')).toBeUndefined();
    expect(await divergentes()).toEqual([]);
  });
});
