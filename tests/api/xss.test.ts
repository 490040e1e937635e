import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { resourceByName, type Field, type Resource, type TextField } from '../../src/shared/resources';
import { parseFieldValue } from '../../src/shared/resources/schema';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Issue #8 (Trust): stored XSS and spreadsheet formula injection through the generic resource API.
 * The resource is Bancos (name, short name and site, plus two masked codes), with Declarações for the one 'html'
 * column, and Tipos de pagamento for a bank's name shown as a reference label. Every classic payload goes into every
 * text field, one record each:
 * - the field's own validation (the shared parser) decides whether it is accepted; when accepted it comes back
 *   byte for byte, as a JSON string, with nosniff and the CSP; URLs never keep a script scheme;
 * - refusals name the field and never echo the payload;
 * - the CSV export neutralizes cells that Excel would run as formulas (= + - @, tab, CR), also in reference labels;
 *   the XLSX export writes inline strings (never a formula), XML-escaped; the html column exports as plain text.
 * tests/e2e/xss.test.ts opens the same kind of rows in Chromium.
 */

/** A cell Excel or LibreOffice would evaluate. */
const FORMULA = /^[=+\-@\t\r]/;

let t: TestApp;
let op: ReturnType<typeof as>;
const banco = resourceByName.get('banco')!;
const declaracao = resourceByName.get('declaracao')!;
const tipoPagamento = resourceByName.get('tipopagamento')!;
const textKeys = (def: Resource) => def.keys.filter((k) => def.fields[k].kind === 'text');

let codes: string[] = [];
/** Bank codes (3 digits) and ISPBs not used by the seeded banks. */
async function freeBankCodes(n: number): Promise<string[]> {
  const used = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = (await op({ method: 'GET', url: `/api/recursos/bancos?limit=500&offset=${offset}&count=0` })).json().result.rows as { codigo: string }[];
    for (const r of page) used.add(r.codigo);
    if (page.length < 500) break;
  }
  const out: string[] = [];
  for (let c = 999; c > 0 && out.length < n; c--) if (!used.has(String(c).padStart(3, '0'))) out.push(String(c).padStart(3, '0'));
  return out;
}

const created: { def: Resource; field: string; payload: string; id: number }[] = [];
const refused: { def: Resource; field: string; payload: string }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  op = as(t.app, await loginAs(t.app, 'operadora'));
  codes = await freeBankCodes(XSS_PAYLOADS.length * textKeys(banco).length + 5);
});
afterAll(() => t?.close());

let n = 0;
function validRecord(def: Resource): Record<string, unknown> {
  n++;
  if (def === banco) {
    const codigo = codes.pop()!;
    return { codigo, ispb: String(90_000_000 + Number(codigo) * 97 + n).slice(0, 8), nome: `Banco de teste ${n}`, nomeReduzido: `Teste ${n}`, site: null, ativo: true };
  }
  return { titulo: `Declaração de teste ${n}`, tipo: 'OUTRA', texto: `<p>Texto ${n}</p>`, inicioVigencia: '01/01/2024', fimVigencia: null };
}

function expectInertJson(res: { headers: Record<string, unknown>; body: string }, tag: string) {
  expect(String(res.headers['content-type']), tag).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options'], tag).toBe('nosniff');
  expect(String(res.headers['content-security-policy']), tag).toContain("script-src 'self'");
  expect(() => JSON.parse(res.body), tag).not.toThrow();
}

describe('every payload in every text field', () => {
  it('is stored and answered as the same inert string, or refused by the field rule without echoing it', { timeout: 120_000 }, async () => {
    for (const def of [banco, declaracao]) {
      for (const field of textKeys(def)) {
        for (const payload of XSS_PAYLOADS) {
          const body = { ...validRecord(def), [field]: payload };
          const res = await op({ method: 'POST', url: `/api/recursos/${def.slug}`, payload: body });
          const tag = `${def.slug}.${field} ← ${payload}`;
          expectInertJson(res, tag);
          // the shared field parser is the rule; the server must agree with it
          const rule = parseFieldValue(def.fields[field] as Field, payload);
          if (rule.ok) {
            expect(res.statusCode, `${tag}: ${res.body}`).toBe(201);
            const id = res.json().result.id as number;
            const back = await op({ method: 'GET', url: `/api/recursos/${def.slug}/${id}` });
            expectInertJson(back, tag);
            expect(back.json().result[field], tag).toBe(rule.value);
            created.push({ def, field, payload, id });
          } else {
            expect(res.statusCode, `${tag}: ${res.body}`).toBe(400);
            const alerts = alertsOf(res.body);
            expect(alerts.map((a) => a.field), tag).toContain(field);
            for (const a of alerts) expect(a.value, tag).not.toContain(payload);
            refused.push({ def, field, payload });
          }
        }
      }
    }
    console.log(
      `xss: ${XSS_PAYLOADS.length} cargas × ${textKeys(banco).length + textKeys(declaracao).length} campos de texto ` +
        `(${textKeys(banco).join(', ')} de bancos; ${textKeys(declaracao).join(', ')} de declarações) = ${created.length + refused.length} gravações: ` +
        `${created.length} guardadas como texto, ${refused.length} recusadas pela regra do campo`,
    );
    // every free text field keeps every payload (they are data, not markup)
    for (const def of [banco, declaracao])
      for (const k of textKeys(def)) {
        const f = def.fields[k] as TextField;
        if (!f.mask && !f.format) expect(created.filter((c) => c.def === def && c.field === k).length, `${def.slug}.${k}`).toBe(XSS_PAYLOADS.length);
        if (f.format === 'html') expect(created.filter((c) => c.def === def && c.field === k).length, `${def.slug}.${k}`).toBe(XSS_PAYLOADS.length);
      }
  });

  it('never keeps a script or HTML document scheme in a URL field', () => {
    const urls = created.filter((c) => (c.def.fields[c.field] as TextField).format === 'url');
    expect(urls.length).toBeGreaterThan(0);
    for (const c of urls) expect(c.payload, c.field).toMatch(/^(https?:\/\/|\/)/i);
    for (const p of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==']) expect(refused.some((r) => r.field === 'site' && r.payload === p), p).toBe(true);
  });

  it('searches by a payload like any other text', async () => {
    const res = await op({ method: 'GET', url: `/api/recursos/bancos?nome.contains=${encodeURIComponent('<script>alert(1)</script>')}` });
    expectInertJson(res, 'busca');
    expect(res.statusCode).toBe(200);
    expect((res.json().result.rows as { nome: string }[]).some((r) => r.nome === '<script>alert(1)</script>')).toBe(true);
  });
});

// ---- exports --------------------------------------------------------------------------------------------------------

/** A CSV as Excel pt-BR reads it: BOM, ';' separator, quoted cells with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ';') endCell();
    else if (ch === '\r' && s[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += ch;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe('exports', () => {
  it('CSV: no cell of a stored payload starts a formula; the text is kept after the apostrophe', async () => {
    for (const def of [banco, declaracao]) {
      const res = await op({ method: 'GET', url: `/api/recursos/${def.slug}/exportar.csv` });
      expect(res.statusCode).toBe(200);
      const rows = parseCsv(res.body);
      const cells = rows.flat();
      for (const c of cells) expect(FORMULA.test(c), `${def.slug}: célula ${JSON.stringify(c)}`).toBe(false);
      // the formula payloads are there, neutralized with a leading apostrophe (Excel shows the text as typed)
      for (const p of XSS_PAYLOADS.filter((x) => FORMULA.test(x))) {
        if (created.some((c) => c.def === def && c.payload === p && !(def.fields[c.field] as TextField).format)) expect(cells, `${def.slug}: ${p}`).toContain(`'${p}`);
      }
    }
  });

  it('CSV: the html column exports as plain text, without tags', async () => {
    const res = await op({ method: 'GET', url: '/api/recursos/declaracoes/exportar.csv' });
    const rows = parseCsv(res.body);
    const col = rows[0].indexOf(declaracao.fields.texto.label);
    expect(col).toBeGreaterThanOrEqual(0);
    for (const r of rows.slice(1)) expect(r[col], r[col]).not.toMatch(/<[a-z/!]/i);
  });

  it('CSV: a bank name shown as a reference label is neutralized too', async () => {
    const formula = created.find((c) => c.def === banco && c.field === 'nome' && c.payload.startsWith('=HYPERLINK'))!;
    const tp = await op({ method: 'POST', url: '/api/recursos/tipos-pagamentos', payload: { codigo: 'XSS1', descricao: 'Pagamento com banco malicioso', forma: 'BOLETO', banco: formula.id, ativo: true } });
    expect(tp.statusCode, tp.body).toBe(201);
    const res = await op({ method: 'GET', url: `/api/recursos/${tipoPagamento.slug}/exportar.csv` });
    const rows = parseCsv(res.body);
    const col = rows[0].indexOf(tipoPagamento.fields.banco.label);
    const row = rows.find((r) => r.includes('XSS1'))!;
    expect(row[col]).toBe(`'${formula.payload}`);
    for (const c of rows.flat()) expect(FORMULA.test(c), `célula ${JSON.stringify(c)}`).toBe(false);
  });

  it('XLSX: every text is an escaped inline string, never a formula', async () => {
    for (const def of [banco, declaracao, tipoPagamento]) {
      const res = await op({ method: 'GET', url: `/api/recursos/${def.slug}/exportar.xlsx` });
      expect(res.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
      expect(sheet, def.slug).not.toMatch(/<f[\s>]/);
      expect(sheet, def.slug).not.toMatch(/<(script|img|svg|iframe|details|style|a)[\s>]/i);
      if (def !== tipoPagamento) expect(sheet, def.slug).toContain('<t xml:space="preserve">&lt;script&gt;alert(1)&lt;/script&gt;</t>');
      if (def !== declaracao) expect(sheet, def.slug).toContain('t="inlineStr"><is><t xml:space="preserve">=HYPERLINK(&quot;https://evil.example&quot;,&quot;x&quot;)</t>');
    }
  });
});

describe('error answers', () => {
  it('are JSON with nosniff and the CSP even when they name what was sent', async () => {
    const probes = [
      `/api/recursos/bancos/opcoes?${encodeURIComponent('<img src=x onerror=alert(1)>')}=1`,
      `/api/recursos/bancos?sort=${encodeURIComponent('<svg onload=alert(1)>')}.asc`,
      `/api/recursos/bancos?${encodeURIComponent('<script>alert(1)</script>')}.eq=1`,
      `/api/${encodeURIComponent('<script>alert(1)</script>')}`,
      `/api/findPrestador/${encodeURIComponent('<script>alert(1)</script>')}`,
      `/api/recursos/bancos/${encodeURIComponent('<svg onload=alert(1)>')}`,
    ];
    for (const url of probes) {
      const res = await op({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, url).toBeLessThan(500);
      expectInertJson(res, url);
      // the API never answers HTML, whatever the Accept header asks for
      const html = await op({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(String(html.headers['content-type']), url).not.toMatch(/html/);
    }
  });
});
