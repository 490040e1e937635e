import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * A row that does not fit its declared layout (a negative amount in a field without sign) fails the run with the
 * field named in Portuguese, and no file is kept: the engine's answer to `LayoutInvalido`. The kind below is the
 * test's own (no product data is negative today), bound to a real export command; the rest is the product's.
 */
const { TIPO } = vi.hoisted(() => ({ TIPO: 'teste-layout-invalido' }));

vi.mock('../../src/server/jobs/kinds', async (orig) => {
  const m = await orig<typeof import('../../src/server/jobs/kinds')>();
  const { defineJobKind } = await import('../../src/server/jobs/kind');
  const { linha } = await import('../../src/shared/processos/layout');
  const { fopagCopasa } = await import('../../src/shared/processos/folha');
  const { z } = await import('zod');
  const kind = defineJobKind<Record<string, never>>({
    tipo: TIPO,
    comandos: [fopagCopasa.processo.comando],
    params: z.object({}) as never,
    title: () => 'Layout inválido',
    async run(job) {
      const detalhe = fopagCopasa.layout.registros[1];
      const ok = linha(detalhe, { matricula: '1', valor: 100 });
      await job.log(`Primeira linha com ${ok.length} posições.`);
      linha(detalhe, { matricula: '2', valor: -100 });
      await job.saveFile('nunca.txt', 'txt', new TextEncoder().encode(ok));
    },
  });
  return { ...m, jobKind: (tipo: string) => (tipo === TIPO ? kind : m.jobKind(tipo)) };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true, kindsDoTeste: true });
}, 120_000);
afterAll(() => t?.close());

describe('linha fora do layout', () => {
  it('fails the run naming the field, keeps the log and writes no file', async () => {
    const operadora = as(t.app, await loginAs(t.app, 'operadora'));
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: TIPO, comando: '/util/exportacao/copasa/fopag', parametros: {} } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status).toBe('falhou');
    expect(j.erro).toBe('O arquivo não segue o layout: Valor a descontar, em centavos: valor negativo (-100 centavos) num campo sem sinal.');
    expect(j.log.map((l) => l.mensagem)).toContain('Primeira linha com 80 posições.');
    expect(j.arquivos).toEqual([]);
  });
});
