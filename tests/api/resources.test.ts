import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { fold } from '../../src/shared/text';
import { formatMoneyPlain } from '../../src/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCnpj, generateCpf, generatePis } from '@brazilian-utils/brazilian-utils';
import { APP_MSG } from '../../src/shared/messages';
import { resources, resourceByName, type Field, type Resource } from '../../src/shared/resources';
import { isSlot } from '../../src/shared/resources/masks';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/** Runs through EVERY resource generically: list, filter, sort, create, 409, 400, 403, delete, export. */

let t: TestApp;
let op: ReturnType<typeof as>;
let benef: ReturnType<typeof as>;
beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  benef = as(t.app, await loginAs(t.app, 'beneficiario'));
});
afterAll(() => t.close());

let seq = 7000;
let maskSeq = 1;
const url = (def: Resource, rest = '') => `/api/recursos/${def.slug}${rest}`;

async function anyId(name: string): Promise<number> {
  const res = await op({ method: 'GET', url: `${url(resourceByName.get(name)!)}?limit=1` });
  return res.json().result.rows[0]?.id;
}

/** A definitive CNS (DOMAIN §4) from an 11-digit base. */
function cns(base: string): string {
  const s = [...base].reduce((acc, d, i) => acc + Number(d) * (15 - i), 0);
  const dv = 11 - (s % 11);
  return dv === 11 ? `${base}0000` : dv === 10 ? `${base}001${(11 - ((s + 2) % 11)) % 11}` : `${base}000${dv}`;
}
const DOCS: Record<string, (n: number) => string> = {
  cpf: () => generateCpf().replace(/\D/g, ''),
  cnpj: () => generateCnpj().replace(/\D/g, ''),
  pis: () => generatePis().replace(/\D/g, ''),
  cns: (n) => cns(`1${String(n * 7919).padStart(10, '0').slice(-10)}`),
  cep: () => '30130010',
  cbo: () => '225125',
  cnes: (n) => String(1000000 + n).slice(-7),
};

/** A valid value for a field; unique fields get a fresh value. */
async function validValue(key: string, f: Field, record: Record<string, unknown> = {}): Promise<unknown> {
  const n = ++seq;
  switch (f.kind) {
    case 'text': {
      if (f.validate) return DOCS[f.validate](n);
      if (f.format === 'phone') return '31987654321';
      if (f.mask) {
        const slots = [...f.mask].filter(isSlot);
        const d = String(maskSeq++ * 7919).padStart(slots.length, '0').slice(-slots.length);
        if (key === 'competencia') return `${String((n % 12) + 1).padStart(2, '0')}${2030 + (n % 50)}`;
        if (key.startsWith('hora')) return '0830';
        return slots.map((s, i) => (s === '#' || s === 'X' ? d[i] : String.fromCharCode(65 + ((n * 3 + i * 5) % 26)))).join('');
      }
      if (f.pattern && f.example) return f.example.replace(/\d/g, (_, i: number) => String((n + i) % 10)).replace(/^(\d)(\d)([A-C])$/, '$2$3');
      if (f.format === 'email') return `teste${n}@exemplo.com.br`;
      if (f.format === 'url' || f.format === 'image') return `https://www.exemplo${n}.com.br`;
      if (f.format === 'color') return '#123abc';
      if (f.format === 'html') return `<p>Texto ${n}</p>`;
      return `Teste ${n} ação`.slice(0, f.max);
    }
    case 'integer':
      return key === 'id' ? 5399000 + (n % 999) : Math.max(f.min ?? 0, Math.min(f.max ?? 10, 1));
    case 'decimal':
      return Math.min(f.max ?? 10, 10);
    case 'money':
      return Math.min(f.max ?? 123456, 123456); // centavos (R$ 1.234,56)
    case 'date':
      return '2026-03-15';
    case 'boolean':
      return true;
    case 'enum':
      return f.options[0].value;
    case 'ref':
      if (f.dependsOn) {
        // a dependent reference (the city of the UF chosen): one of the options narrowed by the other field
        const res = await op({ method: 'GET', url: `${url(resourceByName.get(f.resource)!)}/opcoes?${f.dependsOn.target}=${encodeURIComponent(String(record[f.dependsOn.field]))}` });
        return res.json().result[0]?.id;
      }
      return anyId(f.resource);
  }
}

/** Definitions whose cross-field rules random values cannot meet: the fields that make a generated record valid. */
const SAMPLES: Record<string, (n: number) => Record<string, unknown>> = {
  // EFD-Reinf Tabela 01: the group is the code's prefix and group 15 is paid to a legal entity (15500+ is not seeded)
  naturezarendimento: (n) => ({ codigo: `15${500 + (n % 500)}`, grupo: '15', tipoBeneficiario: 'PJ' }),
  // a notice for one role names the role; its period ends after it starts
  aviso: () => ({ publico: 'PERFIL', perfil: 'operadora', cliente: null, fim: null }),
  // a SIP item's rules are guide types and TUSS code starts (digits), separated by commas
  gerenciasip: (n) => ({ tiposGuia: 'ODONTO, ANEXO_ODONTO', prefixosTuss: `8${n % 10}` }),
};

async function validRecord(def: Resource): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const k of def.keys) out[k] = await validValue(k, def.fields[k], out);
  Object.assign(out, SAMPLES[def.name]?.(++seq));
  if (def.fields.fimVigencia) out.fimVigencia = null;
  for (const [a, b] of [['idadeInicial', 'idadeFinal'], ['faixaInicial', 'faixaFinal'], ['valorInicial', 'valorFinal'], ['dataInicio', 'dataFim']]) if (a in out && b in out) out[b] = out[a];
  return out;
}

describe.each(resources.map((r) => [r.slug, r] as const))('recurso %s', (_slug, def) => {
  it('lists with paging, total and sort by every grid column', async () => {
    const res = await op({ method: 'GET', url: `${url(def)}?limit=5` });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json().result;
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(total).toBeGreaterThanOrEqual(rows.length);
    for (const g of def.grid) {
      for (const dir of ['asc', 'desc']) {
        const s = await op({ method: 'GET', url: `${url(def)}?limit=3&sort=${g.field}.${dir}` });
        expect(s.statusCode, `${g.field}.${dir}: ${s.body}`).toBe(200);
      }
    }
  });

  it('filters by every search field of the definition', async () => {
    const all = (await op({ method: 'GET', url: `${url(def)}?limit=50` })).json().result.rows as Record<string, unknown>[];
    for (const s of def.search) {
      const sample = all.find((r) => r[s.field] != null);
      if (!sample) continue;
      const v = sample[s.field];
      const ops = s.op === 'range' ? ['gte', 'lte'] : [s.op];
      for (const o of ops) {
        // filters are typed text: money in reais ('1234,56'), the rest as the value reads
        const value = s.op === 'contains' ? String(v).slice(1, 4) : def.fields[s.field].kind === 'money' ? formatMoneyPlain(v as number) : String(v);
        const res = await op({ method: 'GET', url: `${url(def)}?${encodeURIComponent(`${s.field}.${o}`)}=${encodeURIComponent(value)}&limit=100` });
        expect(res.statusCode, `${s.field}.${o}=${value}: ${res.body}`).toBe(200);
        const rows = res.json().result.rows as Record<string, unknown>[];
        expect(rows.length, `${s.field}.${o}=${value}`).toBeGreaterThan(0);
        if (o === 'eq') expect(rows.every((r) => String(r[s.field]) === String(v))).toBe(true);
        if (o === 'gte') expect(rows.every((r) => r[s.field] == null || (r[s.field] as number) >= (v as number))).toBe(true);
      }
    }
  });

  it('creates, updates with version, answers 409 to a stale version, deletes', async () => {
    let body = await validRecord(def);
    let created = await op({ method: 'POST', url: url(def), payload: body });
    // tiny key spaces (one-digit codes): try other values until a free one comes up
    for (let i = 0; i < 30 && created.statusCode === 409; i++) {
      body = await validRecord(def);
      created = await op({ method: 'POST', url: url(def), payload: body });
    }
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().result;
    expect(row.version).toBe(1);
    expect(alertsOf(created.body)[0].type).toBe('success');

    const got = await op({ method: 'GET', url: url(def, `/${row.id}`) });
    expect(got.statusCode).toBe(200);

    const upd = await op({ method: 'PUT', url: url(def, `/${row.id}`), payload: { ...body, version: 1 } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().result.version).toBe(2);

    const stale = await op({ method: 'PUT', url: url(def, `/${row.id}`), payload: { ...body, version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(alertsOf(stale.body)[0].value).toBe(APP_MSG.conflito);

    const del = await op({ method: 'DELETE', url: url(def, `/${row.id}?version=2`) });
    expect(del.statusCode, del.body).toBe(200);
    expect((await op({ method: 'GET', url: url(def, `/${row.id}`) })).statusCode).toBe(404);
  });

  it('answers 400 with pt-BR field alerts for bad input and writes nothing', async () => {
    const before = (await op({ method: 'GET', url: url(def) })).json().result.total;
    const res = await op({ method: 'POST', url: url(def), payload: {} });
    // a field required only where it applies (`when`) is not required on an empty record
    const required = def.keys.filter((k) => def.fields[k].required && def.fields[k].default == null && !def.fields[k].when);
    if (required.length) {
      expect(res.statusCode).toBe(400);
      const alerts = alertsOf(res.body);
      for (const k of required) expect(alerts.find((a) => a.field === k)?.value).toBe(`O campo ${def.fields[k].label} é obrigatório.`);
    }
    const wrong: Record<string, unknown> = await validRecord(def);
    const typed = def.keys.find((k) => ['integer', 'decimal', 'date', 'enum', 'ref'].includes(def.fields[k].kind) || def.fields[k].kind === 'text');
    const tf = typed ? def.fields[typed] : undefined;
    if (typed) wrong[typed] = tf?.kind === 'text' ? (tf.mask || tf.pattern ? '@@@' : 'x'.repeat(tf.max + 5)) : 'não é válido';
    const bad = await op({ method: 'POST', url: url(def), payload: wrong });
    expect(bad.statusCode).toBe(400);
    expect(alertsOf(bad.body).some((a) => a.field === typed && /[a-zà-ú]/i.test(a.value))).toBe(true);
    const after = (await op({ method: 'GET', url: url(def) })).json().result.total;
    expect(after).toBe(before);
  });

  it('answers 403 to a role without the permission', async () => {
    expect((await benef({ method: 'GET', url: url(def) })).statusCode).toBe(403);
    expect((await benef({ method: 'POST', url: url(def), payload: await validRecord(def) })).statusCode).toBe(403);
    expect((await benef({ method: 'GET', url: url(def, '/exportar.csv') })).statusCode).toBe(403);
  });

  it('exports the filtered list to CSV (BOM, ;) ', async () => {
    const res = await op({ method: 'GET', url: url(def, '/exportar.csv') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const header = res.body.slice(1).split('\r\n')[0].split(';');
    expect(header[0]).toBe(def.fields[def.grid[0].field].label);
    expect(res.body.split('\r\n').length - 2).toBe(Number(res.headers['x-total-count']));
  });
});

describe('resource engine details', () => {
  const proc = resourceByName.get('procedimento')!;
  const grupo = resourceByName.get('grupoprocedimento')!;

  it('refuses to delete a record still referenced, with a clear message', async () => {
    // group 002 (Rol: avaliações/acompanhamentos) holds seeded procedures and nothing else refers to it
    const g = (await op({ method: 'GET', url: `${url(grupo)}?codigo.eq=002` })).json().result.rows[0];
    const res = await op({ method: 'DELETE', url: url(grupo, `/${g.id}`) });
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)[0].value).toMatch(/está em uso em Procedimentos/);
  });

  it('answers a repeated unique value as a field alert', async () => {
    const body = { ...(await validRecord(proc)), codigo: '10101012' };
    const res = await op({ method: 'POST', url: url(proc), payload: body });
    expect(res.statusCode).toBe(409);
    expect(alertsOf(res.body)[0]).toMatchObject({ field: 'codigo', value: 'Já existe um procedimento com este valor de Código TUSS.' });
  });

  it('accepts masked and pt-BR input and stores raw values', async () => {
    const emp = resourceByName.get('empresa')!;
    const body = { ...(await validRecord(emp)), cnpj: '11.444.777/0001-61', cep: '30130-010', inicioContrato: '15/03/2026' };
    const res = await op({ method: 'POST', url: url(emp), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result).toMatchObject({ cnpj: '11444777000161', cep: '30130010', inicioContrato: '2026-03-15' });
    const money = await op({ method: 'POST', url: url(proc), payload: { ...(await validRecord(proc)), valor: '1.234,56' } });
    expect(money.json().result.valor).toBe(123456); // centavos
    // a JSON number is whole centavos: a fraction is refused, a value beyond a 32-bit integer kept exactly
    const frac = await op({ method: 'POST', url: url(proc), payload: { ...(await validRecord(proc)), valor: 12.5 } });
    expect(frac.statusCode).toBe(400);
    expect(alertsOf(frac.body)[0]).toMatchObject({ field: 'valor', value: expect.stringContaining('centavos inteiros') });
    const big = await op({ method: 'POST', url: url(proc), payload: { ...(await validRecord(proc)), valor: '98.765.432.109,87' } });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json().result.valor).toBe(9_876_543_210_987);
    const list = await op({ method: 'GET', url: `${url(proc)}?valor.gte=${encodeURIComponent('98765432109,87')}` });
    expect(list.json().result.rows.map((r: { id: number }) => r.id)).toEqual([big.json().result.id]);
  });

  it('batch-deletes all or nothing', async () => {
    const a = (await op({ method: 'POST', url: url(proc), payload: await validRecord(proc) })).json().result;
    const b = (await op({ method: 'POST', url: url(proc), payload: await validRecord(proc) })).json().result;
    const stale = await op({ method: 'POST', url: url(proc, '/excluir'), payload: { itens: [{ id: a.id, version: 1 }, { id: b.id, version: 9 }] } });
    expect(stale.statusCode).toBe(409);
    expect((await op({ method: 'GET', url: url(proc, `/${a.id}`) })).statusCode).toBe(200);
    const ok = await op({ method: 'POST', url: url(proc, '/excluir'), payload: { itens: [{ id: a.id, version: 1 }, { id: b.id, version: 1 }] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result.excluidos).toBe(2);
    const none = await op({ method: 'POST', url: url(proc, '/excluir'), payload: { itens: [] } });
    expect(alertsOf(none.body)[0].value).toBe('Selecione ao menos um registro.');
  });

  it('refuses unknown filters, operators and sort fields (whitelist)', async () => {
    for (const q of ['senha.eq=1', 'descricao.gte=a', 'sort=version.asc', 'sort=descricao.up', 'limit=100000', 'valor.gte=abc']) {
      const res = await op({ method: 'GET', url: `${url(proc)}?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(alertsOf(res.body)[0].value).toMatch(/[a-z]/);
    }
  });

  it('searches accent- and case-insensitively and sorts by the folded text', async () => {
    const res = await op({ method: 'GET', url: `${url(proc)}?descricao.startsWith=${encodeURIComponent('CONSULTA ODONTOLÓGICA')}` });
    // the TUSS table's five "Consulta odontológica…" codes (one of them written 'de Urgência')
    expect(res.json().result.rows.map((r: { codigo: string }) => r.codigo).sort()).toEqual(['81000030', '81000049', '81000057', '81000065', '81000073']);
    const cid = resourceByName.get('cidade')!;
    const bh = await op({ method: 'GET', url: `${url(cid)}?nome.contains=${encodeURIComponent('belo horiz')}&uf.eq=MG` });
    expect(bh.json().result.rows[0]).toMatchObject({ id: 3106200, nome: 'Belo Horizonte', uf: 'MG', capital: true });
  });

  it('answers an estimated total beyond the exact-count limit and the list of a reference label', async () => {
    const cid = resourceByName.get('cidade')!;
    const res = await op({ method: 'GET', url: `${url(cid)}?limit=2` });
    const r = res.json().result;
    expect(r.exact).toBe(false);
    expect(r.total).toBeGreaterThan(1000);
    const p = (await op({ method: 'GET', url: `${url(proc)}?codigo.eq=10101012` })).json().result.rows[0];
    expect(p.grupoLabel).toBe('Consultas, visitas hospitalares ou acompanhamento de pacientes');
  });

  it('exports XLSX as a zip workbook', async () => {
    const res = await op({ method: 'GET', url: url(proc, '/exportar.xlsx?sexo.eq=F') });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.headers['content-disposition']).toMatch(/procedimentos-\d{8}\.xlsx/);
  });

  it('keeps GET /api/cidades/uf/:uf working on the cidades resource table', async () => {
    const res = await op({ method: 'GET', url: '/api/cidades/uf/mg' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().result;
    expect(rows.length).toBe(853);
    expect(rows[0]).toEqual({ id: expect.any(Number), nome: 'Abadia dos Dourados', uf: 'MG' });
  });

  it('offers reference options by term and by ids', async () => {
    const res = await op({ method: 'GET', url: `${url(grupo, '/opcoes')}?termo=cirurg` });
    expect(res.json().result[0].label).toMatch(/cirurg/i);
  });

  it('finds a TUSS procedure for a picker by any part of its name, or by its exact code', async () => {
    const proc = resourceByName.get('procedimento')!;
    const porNome = (await op({ method: 'GET', url: `${url(proc, '/opcoes')}?termo=${encodeURIComponent('crânio')}` })).json().result as { label: string }[];
    expect(porNome.length).toBeGreaterThan(1);
    expect(porNome.some((o) => /^RM - Crânio/.test(o.label))).toBe(true);
    for (const o of porNome) expect(fold(o.label)).toContain('cranio');
    // where the word comes first ranks first
    const posicoes = porNome.map((o) => fold(o.label).indexOf('cranio'));
    expect(posicoes).toEqual([...posicoes].sort((a, b) => a - b));
    const [consulta] = await query<{ id: number }>(t.database.db, sql`select id from procedimentos where codigo = '10101012'`);
    const porCodigo = (await op({ method: 'GET', url: `${url(proc, '/opcoes')}?termo=10101012` })).json().result as { id: number }[];
    expect(porCodigo.map((o) => o.id)).toEqual([consulta.id]);
  });

  it('gives the write actions to operadora and none to beneficiario', async () => {
    const me = (await op({ method: 'GET', url: '/api/auth/me' })).json().result.user.permissions as string[];
    expect(me).toEqual(expect.arrayContaining(['procedimento:list', 'procedimento:insert', 'procedimento:update', 'procedimento:delete']));
    const b = (await benef({ method: 'GET', url: '/api/auth/me' })).json().result.user.permissions as string[];
    expect(b.some((p) => p.startsWith('procedimento:'))).toBe(false);
  });
});

describe('omitted flags', () => {
  it('a record created without its boolean fields takes their defaults instead of failing', async () => {
    const t = await startTestApp();
    try {
      const admin = as(t.app, await loginAs(t.app, 'admin'));
      const res = await admin({ method: 'POST', url: '/api/recursos/questionarios', payload: { titulo: 'Sem flags', finalidade: 'SATISFACAO', perguntas: 2 } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().result).toMatchObject({ obrigatorio: false });
    } finally {
      await t.close();
    }
  });
});
