import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { INPUT_MSG } from '../../src/server/http/input';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * The classes of hostile input an independent test found answering 500 (issue 18), each sent where it hurt: the
 * one rule at the edge (text, field names), int4 ids, versions and foreign keys, calendar dates, links, and the
 * options search over numeric labels. Each answers 400 (or 404) with its pt-BR message and writes nothing.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await startTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin'));
});
afterAll(() => t.close());

const count = async (table: string) => {
  const r = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return ((r as { rows?: { n: number }[] }).rows ?? (r as unknown as { n: number }[]))[0].n;
};
const json = (method: 'POST' | 'PUT', url: string, payload: string) => admin({ method, url, payload, headers: { 'content-type': 'application/json' } });
const refused = (res: { statusCode: number; body: string }, value: string, field?: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(alertsOf(res.body)).toContainEqual({ type: 'error', value, ...(field ? { field } : {}) });
};

describe('text the database and the export formats cannot hold', () => {
  it.each([
    ['NUL', 'Banco\\u0000Teste'],
    ['controle C0', 'Banco\\u0001Teste'],
    ['escape ANSI', '\\u001b[31mBanco'],
    ['DEL', 'Banco\\u007f'],
    ['controle C1', 'Banco\\u0085'],
    ['não caractere U+FFFE', 'Banco\\ufffe'],
    ['não caractere U+FFFF', 'Banco\\uffff'],
    ['não caractere U+FDD0', 'Banco\\ufdd0'],
    ['não caractere do plano 16', 'Banco\\udbff\\udfff'],
    ['substituto alto isolado', 'Banco\\ud800'],
    ['substituto baixo isolado', '\\udc00Banco'],
  ])('%s in a body string: 400 on the field, nothing written', async (_, text) => {
    const before = await count('bancos');
    refused(await json('POST', '/api/recursos/bancos', `{"codigo": "901", "nome": "${text}"}`), INPUT_MSG.caractere, 'nome');
    expect(await count('bancos')).toBe(before);
  });

  it('keeps tab, line breaks and every real character, astral ones included', async () => {
    const res = await json('POST', '/api/recursos/bancos', JSON.stringify({ codigo: '902', nome: 'Banco\tAção 😀 𝔘', nomeReduzido: 'linha\r\nnova' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().result.nome).toBe('Banco\tAção 😀 𝔘');
  });

  it.each(['nome.contains=a%00b', 'nome.contains=a%01b', 'nome.contains=%EF%BF%BE', 'nome.contains=%ED%A0%80', 'nome.contains=%E0%80'])('in a query filter (%s): 400', async (q) => {
    const res = await admin({ method: 'GET', url: `/api/recursos/bancos?${q}` });
    expect(res.statusCode, res.body).toBe(400);
    expect([INPUT_MSG.caractere, INPUT_MSG.endereco]).toContain(alertsOf(res.body)[0].value);
  });

  it('in the path and in a nested body value', async () => {
    refused(await admin({ method: 'GET', url: '/api/recursos/bancos/1%00' }), INPUT_MSG.caractere, 'id');
    refused(await json('POST', '/api/recursos/bancos/excluir', '{"itens": [{"id": 1, "obs": "a\\u0000"}]}'), INPUT_MSG.caractere, 'itens.0.obs');
    // deeper than any form: refused as such, never walked past unchecked
    const deep = '{"a":'.repeat(40) + '"a\\u0000"' + '}'.repeat(40);
    const res = await json('POST', '/api/execucoes/previa', `{"tipo": "x", "comando": "/x", "parametros": ${deep}}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(alertsOf(res.body)[0].value).toBe(INPUT_MSG.profundidade);
  });
});

describe('text stored before the rule (imported, legacy)', () => {
  it('one noncharacter or control character in a row leaves the table\'s XLSX well formed', async () => {
    await t.database.db.execute(sql`insert into bancos (codigo, nome, nome_reduzido) values ('950', ${'Banco\uFFFEAntigo\uFFFF'}, ${'Ctrl\u0001\u001F'})`);
    const res = await admin({ method: 'GET', url: '/api/recursos/bancos/exportar.xlsx?codigo.eq=950' });
    expect(res.statusCode, res.body).toBe(200);
    const sheet = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['xl/worksheets/sheet1.xml']);
    // eslint-disable-next-line no-control-regex
    expect(sheet).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(sheet).toContain('BancoAntigo');
  });
});

describe('field names that are members of every object', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s as a filter, a sort and a body field: 400, never 500', async (name) => {
    refused(await admin({ method: 'GET', url: `/api/recursos/bancos?${name}=1` }), INPUT_MSG.nome, name);
    refused(await admin({ method: 'GET', url: `/api/recursos/bancos?${name}.eq=1` }), INPUT_MSG.nome, `${name}.eq`);
    refused(await admin({ method: 'GET', url: `/api/recursos/bancos?sort=${name}.desc` }), `Ordenação inválida: ${name}.desc.`, 'sort');
    refused(await admin({ method: 'GET', url: `/api/recursos/bancos/opcoes?${name}=1` }), INPUT_MSG.nome, name);
    const res = await json('POST', '/api/recursos/bancos', `{"codigo": "903", "nome": "Banco", ${JSON.stringify(name)}: {"x": 1}}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(await count(`bancos where codigo = '903'`)).toBe(0);
  });
});

describe('integers within their columns (int4 ids, versions and foreign keys)', () => {
  it.each(['2147483648', '9007199254740992', '-1', '0', '1.5'])('path id %s: 400', async (id) => {
    refused(await admin({ method: 'GET', url: `/api/recursos/bancos/${id}` }), 'Identificador inválido.', 'id');
    refused(await admin({ method: 'GET', url: `/api/autorizacoes/vizinhos?id=${id}` }), 'Identificador inválido.', 'id');
  });

  it('versions and ids in bodies and queries', async () => {
    const id = (await json('POST', '/api/recursos/bancos', JSON.stringify({ codigo: '904', nome: 'Banco Versão' }))).json().result.id as number;
    for (const version of [2 ** 31, 2 ** 53, -1]) {
      refused(await json('PUT', `/api/recursos/bancos/${id}`, JSON.stringify({ codigo: '904', nome: 'Outro', version })), 'Informe a versão do registro.', 'version');
      refused(await admin({ method: 'DELETE', url: `/api/recursos/bancos/${id}?version=${version}` }), 'Versão inválida.', 'version');
      refused(await json('POST', '/api/recursos/bancos/excluir', JSON.stringify({ itens: [{ id, version }] })), 'Versão inválida.', 'itens.0.version');
      refused(await json('POST', '/api/recursos/bancos/excluir', JSON.stringify({ itens: [{ id: version }] })), 'Identificador inválido.', 'itens.0.id');
    }
    expect(await count(`bancos where id = ${id} and nome = 'Banco Versão'`)).toBe(1);
    refused(await admin({ method: 'GET', url: '/api/recursos/bancos/opcoes?ids=1,2147483648' }), 'Lista de ids inválida.', 'ids');
    refused(await admin({ method: 'GET', url: '/api/recursos/bancos/opcoes?ids=99999999999999999999' }), 'Lista de ids inválida.', 'ids');
  });

  it('a list position (cursor) forged with an id past int4, a day that does not exist or a NUL: 400', async () => {
    const cursor = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const c of [['001', 2 ** 40], ['001', 2 ** 31], ['a\u0000', 1]]) refused(await admin({ method: 'GET', url: `/api/recursos/bancos?after=${cursor(c)}` }), 'Posição da lista inválida: recarregue a lista.', 'after');
    refused(await admin({ method: 'GET', url: `/api/recursos/feriados?after=${cursor(['2026-02-30', 1])}` }), 'Posição da lista inválida: recarregue a lista.', 'after');
  });

  it('a foreign key past int4 in a body: the field says so, nothing written', async () => {
    const before = await count('feriados');
    for (const cidade of [2 ** 31, 2 ** 53, -1]) {
      refused(await json('POST', '/api/recursos/feriados', JSON.stringify({ data: '20/11/2026', descricao: 'Consciência Negra', abrangencia: 'MUNICIPAL', cidade })), 'Selecione um valor válido em Cidade.', 'cidade');
    }
    expect(await count('feriados')).toBe(before);
  });
});

describe('dates that exist in the calendar', () => {
  it.each(['31/02/2026', '2026-02-30', '29/02/2025', '00/01/2026', '2026-13-01'])('%s in a body and in a list filter: 400', async (data) => {
    const before = await count('feriados');
    refused(await json('POST', '/api/recursos/feriados', JSON.stringify({ data, descricao: 'Dia que não existe', abrangencia: 'NACIONAL' })), 'Data: data inválida. Use DD/MM/AAAA.', 'data');
    expect(await count('feriados')).toBe(before);
    refused(await admin({ method: 'GET', url: `/api/recursos/feriados?data.eq=${encodeURIComponent(data)}` }), 'Data: data inválida. Use DD/MM/AAAA.', 'data.eq');
  });

  it('an ISO date parameter checks the calendar too', async () => {
    refused(await admin({ method: 'GET', url: '/api/findPrestador/clinica?data=2026-02-30' }), 'Data inválida: este dia não existe no calendário.', 'data');
  });
});

describe('links', () => {
  it.each(['//evil.example', '/\\evil.example', 'https:///evil.example', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>'])('%s is refused', async (site) => {
    refused(await json('POST', '/api/recursos/bancos', JSON.stringify({ codigo: '905', nome: 'Banco Link', site })), 'Site inválido. Informe um endereço que comece com http:// ou https://.', 'site');
    expect(await count(`bancos where codigo = '905'`)).toBe(0);
  });

  it.each(['https://www.bb.com.br', 'http://exemplo.com.br/a?b=1', '/ajuda/bancos'])('%s is kept', async (site) => {
    const res = await json('POST', '/api/recursos/bancos', JSON.stringify({ codigo: String(906 + ['https://www.bb.com.br', 'http://exemplo.com.br/a?b=1', '/ajuda/bancos'].indexOf(site)), nome: 'Banco Link', site }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('options of a reference field whose label is a number or a date', () => {
  it.each(['iof', 'irrf', 'faixa-etaria', 'joias', 'coparticipacoes'])('%s: any term answers a list', async (slug) => {
    for (const termo of ['abc', '1', '2026', '1,5', '%', 'ação']) {
      const res = await admin({ method: 'GET', url: `/api/recursos/${slug}/opcoes?termo=${encodeURIComponent(termo)}` });
      expect(res.statusCode, `${slug} ${termo}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json().result)).toBe(true);
    }
  });
});
