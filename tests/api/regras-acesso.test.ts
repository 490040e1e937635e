import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { permissionsForRole } from '../../src/server/auth/role-permissions';
import { query } from '../../src/server/db/sql';
import { permissoesDatas } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed/users';
import { APP_MSG } from '../../src/shared/messages';
import type { ClonarOrigem } from '../../src/shared/usuarios/clonar';
import type { MigracaoPrevia } from '../../src/shared/usuarios/migracao';
import { REGRA_RECUSA_TITULO, type GrupoRegras, type RegraEntrada, type RegrasOpcoes } from '../../src/shared/usuarios/regras';
import { alertsOf, as, loginAs, startTestApp, type TestApp } from './harness';

/**
 * Acesso › Regras, Clonar Usuário and Migração de Usuário (issue 17, points 3 and 4). A group of rules restricts the
 * holders of its profiles (and the users attached to it) to windows of days and hours in São Paulo time, periods of
 * dates, the dates a process is open in Permissões de Datas and client networks: refused at login with the reason and
 * on the next request of a session already open. The clock is the context's (`t.ctx.now`), never waited for.
 * Administrators are exempt and cannot be attached. Clone gives exactly the source's permissions and rules; migration
 * moves the profiles and the open work, and the trail says what moved.
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let opcoes: RegrasOpcoes;

/** A São Paulo wall-clock time: 2031-03-12 is a Wednesday, 2031-03-15 a Saturday. */
const em = (iso: string) => () => new Date(`${iso}-03:00`);
const QUARTA_13H = em('2031-03-12T13:00:00');

beforeAll(async () => {
  t = await startTestApp();
  t.ctx.now = QUARTA_13H;
  admin = as(t.app, await loginAs(t.app, 'admin'));
  opcoes = (await admin({ method: 'GET', url: '/api/regras/opcoes' })).json().result;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const login = (userId: string, remoteAddress?: string) => t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId, password: DEMO_PASSWORD }, ...(remoteAddress ? { remoteAddress } : {}) });
const perfilId = (nome: string) => opcoes.perfis.find((p) => p.nome === nome)!.id;
const idOf = async (login: string) => Number((await query<{ id: number }>(db(), sql`select id from usuarios where login = ${login}`))[0].id);
const sessoesDe = async (id: number) => Number((await query<{ n: number }>(db(), sql`select count(*)::int as n from sessoes where usuario_id = ${id}`))[0].n);

/** A profile of its own (the ombudsman's permissions) held by a new account with the demo password, not expired. */
async function contaComPerfil(loginName: string, perfilNome: string): Promise<{ id: number; perfil: number }> {
  let perfil = opcoes.perfis.find((p) => p.nome === perfilNome)?.id;
  if (!perfil) {
    const p = await admin({ method: 'POST', url: '/api/perfis', payload: { nome: perfilNome, permissoes: permissionsForRole('ouvidoria') } });
    expect(p.statusCode, p.body).toBe(200);
    perfil = p.json().result.id as number;
    opcoes = (await admin({ method: 'GET', url: '/api/regras/opcoes' })).json().result;
  }
  const [g] = await query<{ id: number }>(db(), sql`select id from grupos where not valida_senha`);
  const res = await admin({ method: 'POST', url: '/api/usuarios', payload: { login: loginName, nome: `Conta ${loginName}`, ouvidoria: true, grupoId: Number(g.id), perfis: [perfil] } });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().result.id as number;
  // the demo password, already chosen (the temporary one's dialog is tested in usuarios-contas)
  await query(db(), sql`update usuarios set senha_hash = (select senha_hash from usuarios where login = 'ouvidoria'), senha_expira_em = null where id = ${id}`);
  return { id, perfil };
}

const COMERCIAL: RegraEntrada = { dias: [1, 2, 3, 4, 5], horaInicio: '08:00', horaFim: '18:00' };
const grupo = (nome: string, regras: RegraEntrada[], extra: object = {}) => ({ nome, regras, perfis: [], usuarios: [], ...extra });
async function criaGrupo(payload: object): Promise<GrupoRegras> {
  const res = await admin({ method: 'POST', url: '/api/regras', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as GrupoRegras;
}

const MSG_COMERCIAL = (agora: string) => `Acesso fora do horário permitido para o seu perfil: seg a sex, das 08:00 às 18:00 (horário de Brasília; agora: ${agora}).`;

describe('Regras: days and hours', () => {
  it('a profile limited to business hours: inside it logs in and works; outside, login is refused with the reason and an open session’s next request too', async () => {
    const u = await contaComPerfil('regra.comercial', 'Equipe comercial');
    t.ctx.now = QUARTA_13H;
    const res0 = await login('regra.comercial');
    expect(res0.statusCode, res0.body).toBe(200);
    const token = res0.json().result.token as string;
    const call = as(t.app, token);

    const res = await admin({ method: 'POST', url: '/api/regras', payload: grupo('Horário comercial', [COMERCIAL], { perfis: [u.perfil], descricao: 'Equipe de segunda a sexta' }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe('Grupo de regras Horário comercial salvo; vale na próxima requisição de 1 usuário.');
    const g = res.json().result as GrupoRegras;
    expect(g).toMatchObject({ nome: 'Horário comercial', ativo: true, perfis: [u.perfil], usuarios: [], restringe: 1, regras: [{ dias: [1, 2, 3, 4, 5], horaInicio: '08:00', horaFim: '18:00', dataInicio: null, dataFim: null, processoDatas: null, enderecos: [] }] });
    // listed
    const lista = (await admin({ method: 'GET', url: '/api/regras' })).json().result as GrupoRegras[];
    expect(lista.map((x) => x.nome)).toContain('Horário comercial');

    // inside: Wednesday 13:00, and the window's first minute and its last one
    for (const agora of ['2031-03-12T13:00:00', '2031-03-12T08:00:00', '2031-03-12T17:59:59']) {
      t.ctx.now = em(agora);
      const ok = await call({ method: 'GET', url: '/api/ouvidoria/manifestacoes?limit=1' });
      expect(ok.statusCode, `${agora}: ${ok.body.slice(0, 200)}`).toBe(200);
    }

    // outside: the open session's next request is refused (401, titled, so the login page shows why) …
    t.ctx.now = em('2031-03-12T19:30:00');
    const fora = await call({ method: 'GET', url: '/api/ouvidoria/manifestacoes?limit=1' });
    expect(fora.statusCode).toBe(401);
    expect(alertsOf(fora.body)).toEqual([{ type: 'error', value: MSG_COMERCIAL('qua 19:30'), title: REGRA_RECUSA_TITULO }]);
    // … the guard's own call too, and logging out still works
    expect((await call({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    // … and a login: the right password, no session opened
    const antes = await sessoesDe(u.id);
    const recusado = await login('regra.comercial');
    expect(recusado.statusCode).toBe(403);
    expect(alertsOf(recusado.body)).toEqual([{ type: 'error', value: MSG_COMERCIAL('qua 19:30'), title: REGRA_RECUSA_TITULO }]);
    expect(await sessoesDe(u.id)).toBe(antes);
    // the window's end is exclusive, and Saturday is not a working day
    t.ctx.now = em('2031-03-12T18:00:00');
    expect(alertsOf((await login('regra.comercial')).body)[0].value).toBe(MSG_COMERCIAL('qua 18:00'));
    t.ctx.now = em('2031-03-15T10:00:00');
    expect(alertsOf((await login('regra.comercial')).body)[0].value).toBe(MSG_COMERCIAL('sáb 10:00'));
    expect((await call({ method: 'POST', url: '/api/auth/token/revoke' })).statusCode).toBe(200);

    // the same session opens again when the window does (it was refused, not ended)… it was revoked just above: a
    // new login inside the window works
    t.ctx.now = em('2031-03-13T09:00:00');
    expect((await login('regra.comercial')).statusCode).toBe(200);
    // other users are not touched: the ombudsman demo user holds another profile
    t.ctx.now = em('2031-03-12T23:00:00');
    expect((await login('ouvidoria')).statusCode).toBe(200);
  });

  it('a second rule in a group is an alternative window; an inactive group restricts no one', async () => {
    const u = await contaComPerfil('regra.plantao', 'Plantão de sábado');
    const g = await criaGrupo(grupo('Plantão', [COMERCIAL, { dias: [6], horaInicio: '08:00', horaFim: '12:00' }], { perfis: [u.perfil] }));
    t.ctx.now = em('2031-03-15T10:00:00');
    expect((await login('regra.plantao')).statusCode).toBe(200);
    t.ctx.now = em('2031-03-15T13:00:00');
    const r = await login('regra.plantao');
    expect(alertsOf(r.body)[0].value).toBe('Acesso fora do horário permitido para o seu perfil: seg a sex, das 08:00 às 18:00; ou sáb, das 08:00 às 12:00 (horário de Brasília; agora: sáb 13:00).');
    // switched off: holds from the next request
    const off = await admin({ method: 'PUT', url: `/api/regras/${g.id}`, payload: { ...grupo('Plantão', g.regras, { perfis: [u.perfil] }), ativo: false, version: g.version } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await login('regra.plantao')).statusCode).toBe(200);
  });

  it('rules attach to a user directly; administrators are exempt and cannot be attached', async () => {
    const u = await contaComPerfil('regra.direta', 'Ouvidoria');
    const adminId = await idOf('admin');
    const g = await criaGrupo(grupo('Só de manhã', [{ dias: [0, 1, 2, 3, 4, 5, 6], horaInicio: '06:00', horaFim: '12:00' }], { usuarios: [u.id] }));
    expect(g.usuarios.map((x) => x.login)).toEqual(['regra.direta']);
    t.ctx.now = em('2031-03-12T15:00:00');
    expect(alertsOf((await login('regra.direta')).body)[0].value).toBe('Acesso fora do horário permitido para o seu perfil: todos os dias, das 06:00 às 12:00 (horário de Brasília; agora: qua 15:00).');
    // the ombudsman demo user holds the same profile but is not attached
    expect((await login('ouvidoria')).statusCode).toBe(200);

    const res = await admin({ method: 'POST', url: '/api/regras', payload: grupo('Trancar o admin', [COMERCIAL], { usuarios: [adminId] }) });
    expect(res.statusCode).toBe(400);
    expect(alertsOf(res.body)).toEqual([{ type: 'error', value: 'admin é administrador: as regras não restringem administradores (assim ninguém perde o acesso à administração).', field: 'usuarios' }]);
    // through a profile the administrator holds: accepted, and the administrator still works at night
    const adm = await criaGrupo(grupo('Administração em horário comercial', [COMERCIAL], { perfis: [perfilId('Administrador')] }));
    expect(adm.restringe).toBe(0);
    t.ctx.now = em('2031-03-16T03:00:00');
    expect((await login('admin')).statusCode).toBe(200);
    expect((await admin({ method: 'GET', url: '/api/regras' })).statusCode).toBe(200);
    await admin({ method: 'DELETE', url: `/api/regras/${adm.id}` });
  });
});

describe('Regras: dates and addresses', () => {
  it('a period of dates, and the dates a process is open in Permissões de Datas', async () => {
    const u = await contaComPerfil('regra.datas', 'Temporários de março');
    const g = await criaGrupo(grupo('Contrato de março', [{ dias: [0, 1, 2, 3, 4, 5, 6], dataInicio: '01/03/2031', dataFim: '31/03/2031' }], { perfis: [u.perfil] }));
    expect(g.regras[0]).toMatchObject({ dataInicio: '2031-03-01', dataFim: '2031-03-31' });
    t.ctx.now = em('2031-03-31T23:59:00');
    expect((await login('regra.datas')).statusCode).toBe(200);
    t.ctx.now = em('2031-04-01T00:00:00');
    const r = await login('regra.datas');
    expect([r.statusCode, alertsOf(r.body)[0].value]).toEqual([403, 'Acesso fora do período permitido para o seu perfil: todos os dias, o dia todo, de 01/03/2031 a 31/03/2031.']);

    // the billing window of Permissões de Datas: read on each request (that table is edited by the generic screens)
    const f = await contaComPerfil('regra.faturamento', 'Faturamento temporário');
    await criaGrupo(grupo('Janela do faturamento', [{ dias: [0, 1, 2, 3, 4, 5, 6], processoDatas: 'FATURAMENTO' }], { perfis: [f.perfil] }));
    t.ctx.now = em('2031-05-06T10:00:00');
    const fechado = await login('regra.faturamento');
    expect([fechado.statusCode, alertsOf(fechado.body)[0].value]).toEqual([403, 'Acesso fora do período permitido para o seu perfil: todos os dias, o dia todo, nas datas liberadas de Faturamento (Permissões de Datas).']);
    await db().insert(permissoesDatas).values({ processo: 'FATURAMENTO', competencia: '042031', dataInicio: '2031-05-05', dataFim: '2031-05-09' } as never);
    expect((await login('regra.faturamento')).statusCode).toBe(200);
    t.ctx.now = em('2031-05-10T10:00:00');
    expect((await login('regra.faturamento')).statusCode).toBe(403);
  });

  it('client networks: refused from another address, with the address in the message', async () => {
    const u = await contaComPerfil('regra.rede', 'Rede interna');
    await criaGrupo(grupo('Só da rede interna', [{ dias: [0, 1, 2, 3, 4, 5, 6], enderecos: ['10.0.0.0/8', '2001:db8::/32'] }], { perfis: [u.perfil] }));
    t.ctx.now = QUARTA_13H;
    const fora = await login('regra.rede', '203.0.113.9');
    expect([fora.statusCode, alertsOf(fora.body)[0].value]).toEqual([403, 'Acesso não permitido a partir deste endereço (203.0.113.9) para o seu perfil: entre pela rede autorizada pela operadora.']);
    const dentro = await login('regra.rede', '10.20.30.40');
    expect(dentro.statusCode, dentro.body).toBe(200);
    expect((await login('regra.rede', '2001:db8:1::5')).statusCode).toBe(200);
    expect((await login('regra.rede', '::ffff:10.1.1.1')).statusCode).toBe(200);
    // the same token from another network is refused on its next request
    const token = dentro.json().result.token as string;
    const outra = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` }, remoteAddress: '198.51.100.7' });
    expect([outra.statusCode, alertsOf(outra.body)[0].value]).toEqual([401, 'Acesso não permitido a partir deste endereço (198.51.100.7) para o seu perfil: entre pela rede autorizada pela operadora.']);
  });
});

describe('Regras: bad input, administrators only, the trail', () => {
  it('refuses bad windows, addresses and references with pt-BR messages beside the field', async () => {
    const post = (payload: object) => admin({ method: 'POST', url: '/api/regras', payload });
    const cases: [object, string, string][] = [
      [grupo('', [COMERCIAL]), 'nome', 'Informe o nome do grupo de regras.'],
      [grupo('Vazio', []), 'regras', 'Inclua ao menos uma regra no grupo.'],
      [grupo('Sem dias', [{ dias: [] }]), 'regras.0.dias', 'Marque ao menos um dia da semana.'],
      [grupo('Dia 7', [{ dias: [7] }]), 'regras.0.dias.0', 'Marque ao menos um dia da semana.'],
      [grupo('Hora ruim', [{ dias: [1], horaInicio: '8h', horaFim: '18:00' }]), 'regras.0.horaInicio', 'Horário inválido: use HH:MM (00:00 a 23:59; o final pode ser 24:00).'],
      [grupo('Meia hora', [{ dias: [1], horaInicio: '08:00' }]), 'regras.0.horaFim', 'Informe o horário inicial e o final (ou deixe os dois em branco para o dia todo).'],
      [grupo('Invertida', [{ dias: [1], horaInicio: '22:00', horaFim: '06:00' }]), 'regras.0.horaFim', 'O horário final deve ser depois do inicial. Um turno que passa da meia-noite são duas regras: uma até 24:00 e outra a partir de 00:00.'],
      [grupo('Data', [{ dias: [1], dataInicio: '31/02/2031' }]), 'regras.0.dataInicio', 'Data inválida: use DD/MM/AAAA.'],
      [grupo('Período', [{ dias: [1], dataInicio: '10/03/2031', dataFim: '01/03/2031' }]), 'regras.0.dataFim', APP_MSG.periodoInvertido],
      [grupo('Processo', [{ dias: [1], processoDatas: 'FOLHA' }]), 'regras.0.processoDatas', 'Processo inexistente em Permissões de Datas.'],
      [grupo('IP', [{ dias: [1], enderecos: ['10.0.0.300'] }]), 'regras.0.enderecos', 'Endereço inválido: 10.0.0.300. Use um endereço IP ou uma rede no formato CIDR (por exemplo, 10.0.0.0/8).'],
      [grupo('Host', [{ dias: [1], enderecos: ['192.168.1.10/24'] }]), 'regras.0.enderecos', 'Rede inválida: 192.168.1.10/24 tem bits além do prefixo; use 192.168.1.0/24.'],
      [grupo('Perfil', [COMERCIAL], { perfis: [2_000_000_000] }), 'perfis', 'Perfil inexistente.'],
      [grupo('Usuário', [COMERCIAL], { usuarios: [2_000_000_000] }), 'usuarios', 'Usuário inexistente.'],
      [grupo('Horário comercial', [COMERCIAL]), 'nome', 'Já existe um grupo de regras com este nome.'],
    ];
    for (const [payload, field, value] of cases) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(alertsOf(res.body), JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, value }));
    }
    const [{ n }] = await query<{ n: number }>(db(), sql`select count(*)::int as n from grupos_regras where nome in ('Vazio', 'Sem dias', 'Invertida', 'IP', 'Host')`);
    expect(n).toBe(0);
  });

  it('only administrators change rules, clone and migrate; the Acesso screens are closed to the others', async () => {
    const [g] = (await admin({ method: 'GET', url: '/api/regras' })).json().result as GrupoRegras[];
    for (const who of ['operadora', 'auditor', 'beneficiario', 'prestador']) {
      const call = as(t.app, await loginAs(t.app, who));
      const calls = [
        { method: 'GET' as const, url: '/api/regras' },
        { method: 'GET' as const, url: `/api/regras/${g.id}` },
        { method: 'POST' as const, url: '/api/regras', payload: grupo('Intruso', [COMERCIAL]) },
        { method: 'PUT' as const, url: `/api/regras/${g.id}`, payload: { ...grupo('Intruso', [COMERCIAL]), version: g.version } },
        { method: 'DELETE' as const, url: `/api/regras/${g.id}` },
        { method: 'GET' as const, url: '/api/acesso/usuarios?termo=adm' },
        { method: 'GET' as const, url: '/api/usuarios/1/clonagem' },
        { method: 'POST' as const, url: '/api/usuarios/clonar', payload: { origemId: 1, login: 'intruso', nome: 'Intruso' } },
        { method: 'GET' as const, url: '/api/usuarios/migracao/previa?origemId=1&destinoId=2' },
        { method: 'POST' as const, url: '/api/usuarios/migracao', payload: { origemId: 1, destinoId: 2 } },
      ];
      for (const c of calls) {
        const res = await call(c);
        expect([res.statusCode, alertsOf(res.body)[0]?.value], `${who} ${c.method} ${c.url}`).toEqual([403, APP_MSG.acessoNegado]);
      }
    }
    expect((await query<{ n: number }>(db(), sql`select count(*)::int as n from usuarios where login = 'intruso'`))[0].n).toBe(0);
  });

  it('every change in the trail with before and after; deleting a group frees its users at once', async () => {
    const u = await contaComPerfil('regra.trilha', 'Equipe da trilha');
    const g = await criaGrupo(grupo('Grupo da trilha', [COMERCIAL], { perfis: [u.perfil] }));
    const up = await admin({ method: 'PUT', url: `/api/regras/${g.id}`, payload: { ...grupo('Grupo da trilha', [{ ...COMERCIAL, horaFim: '17:00' }], { perfis: [u.perfil], usuarios: [u.id] }), version: g.version } });
    expect(up.statusCode, up.body).toBe(200);
    const stale = await admin({ method: 'PUT', url: `/api/regras/${g.id}`, payload: { ...grupo('Grupo da trilha', [COMERCIAL]), version: g.version } });
    expect([stale.statusCode, alertsOf(stale.body)[0].value]).toEqual([409, 'Este grupo de regras foi alterado por outra pessoa. Recarregue e tente novamente.']);
    t.ctx.now = em('2031-03-12T17:30:00');
    const token = (await login('regra.trilha')).statusCode === 200 ? 'x' : null;
    expect(token).toBeNull();
    const del = await admin({ method: 'DELETE', url: `/api/regras/${g.id}` });
    expect([del.statusCode, alertsOf(del.body)[0].value]).toEqual([200, 'Grupo de regras Grupo da trilha excluído.']);
    expect((await login('regra.trilha')).statusCode).toBe(200);

    const trail = await query<{ acao: string; usuario_login: string; antes: Record<string, unknown> | null; depois: Record<string, unknown> | null }>(
      db(),
      sql`select acao, usuario_login, antes, depois from trilha_eventos where entidade = 'regra' and registro_id = ${String(g.id)} order by id`,
    );
    expect(trail.map((e) => e.acao)).toEqual(['insert', 'update', 'delete']);
    expect(trail[0]).toMatchObject({ usuario_login: 'admin', depois: { nome: 'Grupo da trilha', ativo: true, perfis: ['Equipe da trilha'], usuarios: [], restringe: 1 } });
    expect(trail[1].antes).toEqual({ regras: [{ ...g.regras[0] }], usuarios: [] });
    expect(trail[1].depois).toEqual({ regras: [{ ...g.regras[0], horaFim: '17:00' }], usuarios: ['regra.trilha'] });
    expect(trail[2].antes).toMatchObject({ nome: 'Grupo da trilha', usuarios: ['regra.trilha'] });
  });
});

describe('Clonar Usuário', () => {
  it('the clone has exactly the source’s permissions and rules, a temporary password expired at first login, and the trail names the source', async () => {
    const src = await contaComPerfil('regra.fonte', 'Equipe da fonte');
    // a second profile and a rule group attached to the source directly
    const [{ id: aud }] = await query<{ id: number }>(db(), sql`select id from perfis where nome = 'Auditoria médica'`);
    await query(db(), sql`insert into usuario_perfis (usuario_id, perfil_id) values (${src.id}, ${aud})`);
    await criaGrupo(grupo('Só da fonte', [{ dias: [1, 2, 3, 4, 5, 6], horaInicio: '07:00', horaFim: '19:00' }], { usuarios: [src.id] }));

    const origem = (await admin({ method: 'GET', url: `/api/usuarios/${src.id}/clonagem` })).json().result as ClonarOrigem;
    expect(origem).toMatchObject({ login: 'regra.fonte', perfis: ['Auditoria médica', 'Equipe da fonte'], gruposRegras: ['Só da fonte'], papeis: ['Ouvidoria'], recusa: null });

    const res = await admin({ method: 'POST', url: '/api/usuarios/clonar', payload: { origemId: src.id, login: 'Regra.Clone', nome: 'Clara Clone', email: 'clara@operadora.example' } });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result as { id: number; login: string; senhaTemporaria: string };
    expect(r.login).toBe('regra.clone');
    expect(alertsOf(res.body)[0].value).toBe('Usuário regra.clone criado com os papéis, os perfis e as regras de regra.fonte. Entregue a senha temporária ao usuário: no primeiro acesso ele escolhe a nova senha.');

    t.ctx.now = QUARTA_13H;
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'regra.clone', password: r.senhaTemporaria } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.user).toMatchObject({ principal: 'regra.clone', nome: 'Clara Clone', senhaExpirada: true, ouvidoria: true, admin: false });
    const srcToken = (await login('regra.fonte')).json().result.token as string;
    const perms = async (token: string) => (await as(t.app, token)({ method: 'GET', url: '/api/auth/me' })).json().result.user.permissions as string[];
    expect(await perms(first.json().result.token)).toEqual(await perms(srcToken));
    expect((await perms(srcToken)).length).toBeGreaterThan(10);
    const [pf] = await query<{ a: string[]; b: string[] }>(
      db(),
      sql`select array(select perfil_id::text from usuario_perfis where usuario_id = ${src.id} order by 1) as a, array(select perfil_id::text from usuario_perfis where usuario_id = ${r.id} order by 1) as b`,
    );
    expect(pf.b).toEqual(pf.a);
    // and its rules: refused on Sunday like the source
    t.ctx.now = em('2031-03-16T10:00:00');
    const dom = await t.app.inject({ method: 'POST', url: '/api/auth/token/issue', payload: { userId: 'regra.clone', password: r.senhaTemporaria } });
    expect([dom.statusCode, alertsOf(dom.body)[0].value]).toEqual([403, 'Acesso fora do horário permitido para o seu perfil: seg a sáb, das 07:00 às 19:00 (horário de Brasília; agora: dom 10:00).']);

    const [ins] = await query<{ acao: string; depois: Record<string, unknown> }>(db(), sql`select acao, depois from trilha_eventos where entidade = 'usuario' and registro_id = ${String(r.id)} order by id`);
    expect(ins).toMatchObject({ acao: 'insert', depois: { login: 'regra.clone', clonadoDe: 'regra.fonte', perfis: ['Auditoria médica', 'Equipe da fonte'], gruposRegras: ['Só da fonte'], papeis: ['ouvidoria'] } });
    expect(JSON.stringify(ins)).not.toMatch(/scrypt|hash/i);
  });

  it('refuses a taken login, a person’s own account, an unknown source and bad fields', async () => {
    const post = (payload: object) => admin({ method: 'POST', url: '/api/usuarios/clonar', payload });
    const benef = await idOf('beneficiario');
    const op = await idOf('operadora');
    const cases: [object, string, string][] = [
      [{ origemId: op, login: 'admin', nome: 'X' }, 'login', 'Já existe um usuário com este login.'],
      [{ origemId: op, login: 'a b', nome: 'X' }, 'login', 'Login inválido: use de 3 a 60 letras minúsculas, números, ponto, hífen ou sublinhado.'],
      [{ origemId: op, login: 'sem.nome', nome: ' ' }, 'nome', 'Informe o nome.'],
      [{ origemId: op, login: 'mail.ruim', nome: 'X', email: 'x@' }, 'email', 'E-mail inválido.'],
      [{ login: 'sem.origem', nome: 'X' }, 'origemId', 'Escolha o usuário a clonar.'],
      [{ origemId: 2_000_000_000, login: 'origem.nenhuma', nome: 'X' }, 'origemId', 'Usuário a clonar inexistente.'],
      [{ origemId: benef, login: 'bia.clone', nome: 'X' }, 'origemId', 'Contas de beneficiário e de dependente são pessoais: não podem ser clonadas.'],
    ];
    for (const [payload, field, value] of cases) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(alertsOf(res.body), JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, value }));
    }
    expect(((await admin({ method: 'GET', url: `/api/usuarios/${benef}/clonagem` })).json().result as ClonarOrigem).recusa).toBe('Contas de beneficiário e de dependente são pessoais: não podem ser clonadas.');
  });
});

describe('Migração de Usuário', () => {
  it('previews and moves the profiles, the contacts in progress and the scheduled processes; blocks the source; the trail says what moved', async () => {
    t.ctx.now = QUARTA_13H;
    const origem = await contaComPerfil('migra.origem', 'Equipe comercial');
    const destino = await contaComPerfil('migra.destino', 'Ouvidoria');
    const [{ id: opPerfil }] = await query<{ id: number }>(db(), sql`select id from perfis where nome = 'Operadora'`);
    await query(db(), sql`insert into usuario_perfis (usuario_id, perfil_id) values (${origem.id}, ${opPerfil})`);
    // two contacts in progress and one concluded in the source's name; one process it scheduled
    const abertos = await query<{ id: number; protocolo: string }>(db(), sql`select id, protocolo from atendimentos where status = 'EM_ANDAMENTO' order by id limit 2`);
    const [fechado] = await query<{ id: number }>(db(), sql`select id from atendimentos where status = 'CONCLUIDO' order by id limit 1`);
    expect(abertos.length).toBe(2);
    await query(db(), sql`update atendimentos set atendente_id = ${origem.id}, atendente_nome = 'Conta migra.origem' where id in (${abertos[0].id}, ${abertos[1].id}, ${fechado.id})`);
    const [ag] = await query<{ id: number }>(
      db(),
      sql`insert into agendamentos (tipo, comando, parametros, frequencia, dia, hora, usuario_id, usuario_nome) values ('exportacao-lista', '/cadastro/base/bancos', '{}', 'DIARIA', 0, '06:00', ${origem.id}, 'Conta migra.origem') returning id`,
    );
    const tokenOrigem = (await login('migra.origem')).json().result.token as string;
    const tokenDestino = (await login('migra.destino')).json().result.token as string;
    expect((await as(t.app, tokenDestino)({ method: 'GET', url: '/api/recursos/bancos?limit=1' })).statusCode).toBe(403);

    const prev = await admin({ method: 'GET', url: `/api/usuarios/migracao/previa?origemId=${origem.id}&destinoId=${destino.id}` });
    expect(prev.statusCode, prev.body).toBe(200);
    const p = prev.json().result as MigracaoPrevia;
    expect(p).toMatchObject({
      origem: { login: 'migra.origem' },
      destino: { login: 'migra.destino' },
      perfis: [{ nome: 'Equipe comercial', jaTem: false }, { nome: 'Operadora', jaTem: false }],
      atendimentos: 2,
      agendamentos: 1,
      gruposRegrasDiretos: 0,
      avisos: [],
    });
    // nothing moved by the preview
    expect((await query<{ n: number }>(db(), sql`select count(*)::int as n from usuario_perfis where usuario_id = ${destino.id}`))[0].n).toBe(1);

    const res = await admin({ method: 'POST', url: '/api/usuarios/migracao', payload: { origemId: origem.id, destinoId: destino.id, bloquearOrigem: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(alertsOf(res.body)[0].value).toBe('Migração de migra.origem para migra.destino concluída: 2 perfis, 2 atendimentos em andamento, 1 processo agendado. migra.origem foi bloqueado.');

    const perfisDe = async (id: number) => (await query<{ nome: string }>(db(), sql`select p.nome from usuario_perfis up join perfis p on p.id = up.perfil_id where up.usuario_id = ${id} order by p.nome`)).map((r) => r.nome);
    expect(await perfisDe(origem.id)).toEqual([]);
    expect(await perfisDe(destino.id)).toEqual(['Equipe comercial', 'Operadora', 'Ouvidoria']);
    const at = await query<{ id: number; atendente_id: number; atendente_nome: string }>(db(), sql`select id, atendente_id, atendente_nome from atendimentos where id in (${abertos[0].id}, ${abertos[1].id}, ${fechado.id}) order by id`);
    expect(at.filter((a) => a.id !== fechado.id).map((a) => [Number(a.atendente_id), a.atendente_nome])).toEqual([
      [destino.id, 'Conta migra.destino'],
      [destino.id, 'Conta migra.destino'],
    ]);
    expect(Number(at.find((a) => a.id === fechado.id)!.atendente_id)).toBe(origem.id);
    expect(Number((await query<{ usuario_id: number }>(db(), sql`select usuario_id from agendamentos where id = ${ag.id}`))[0].usuario_id)).toBe(destino.id);
    // the target's next request has the permissions; the blocked source's token stops
    expect((await as(t.app, tokenDestino)({ method: 'GET', url: '/api/recursos/bancos?limit=1' })).statusCode).toBe(200);
    expect((await as(t.app, tokenOrigem)({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const trail = await query<{ entidade: string; registro_id: string; antes: Record<string, unknown>; depois: Record<string, unknown> }>(
      db(),
      sql`select entidade, registro_id, antes, depois from trilha_eventos where (entidade = 'usuario' and registro_id in (${String(origem.id)}, ${String(destino.id)})) or (entidade in ('atendimento', 'agendamento') and usuario_login = 'admin') order by id`,
    );
    const src = trail.filter((e) => e.entidade === 'usuario' && e.registro_id === String(origem.id)).at(-1)!;
    expect(src.antes).toEqual({ perfis: ['Equipe comercial', 'Operadora'], ativo: true, migradoPara: null, atendimentosMigrados: [], agendamentosMigrados: [], sessoesEncerradas: null });
    expect(src.depois).toEqual({ perfis: [], ativo: false, migradoPara: 'migra.destino', atendimentosMigrados: abertos.map((a) => a.protocolo).sort(), agendamentosMigrados: [Number(ag.id)], sessoesEncerradas: 1 });
    const dst = trail.filter((e) => e.entidade === 'usuario' && e.registro_id === String(destino.id)).at(-1)!;
    expect([dst.antes, dst.depois]).toEqual([
      { perfis: ['Ouvidoria'], migradoDe: null },
      { perfis: ['Equipe comercial', 'Operadora', 'Ouvidoria'], migradoDe: 'migra.origem' },
    ]);
    expect(trail.filter((e) => e.entidade === 'atendimento').map((e) => [e.registro_id, e.antes, e.depois])).toEqual(
      abertos.map((a) => [String(a.id), { atendente: 'migra.origem' }, { atendente: 'migra.destino' }]),
    );
    expect(trail.filter((e) => e.entidade === 'agendamento').map((e) => e.registro_id)).toEqual([String(ag.id)]);
  });

  it('refuses the same user, a blocked target, a person’s own account, another provider, nothing to move, and blocking oneself', async () => {
    const a = await contaComPerfil('migra.a', 'Equipe comercial');
    const b = await contaComPerfil('migra.b', 'Ouvidoria');
    const adminId = await idOf('admin');
    const bloqueado = await idOf('migra.origem');
    const benef = await idOf('beneficiario');
    const prest = await idOf('prestador');
    const post = (payload: object) => admin({ method: 'POST', url: '/api/usuarios/migracao', payload });
    const cases: [object, string, string][] = [
      [{ origemId: a.id, destinoId: a.id }, 'destinoId', 'Origem e destino devem ser usuários diferentes.'],
      [{ origemId: a.id }, 'destinoId', 'Escolha o usuário de destino.'],
      [{ origemId: a.id, destinoId: bloqueado }, 'destinoId', 'O usuário de destino está bloqueado: desbloqueie-o antes de migrar.'],
      [{ origemId: benef, destinoId: b.id }, 'origemId', 'Contas de beneficiário e de dependente são pessoais: não entram em migração.'],
      [{ origemId: a.id, destinoId: prest }, 'destinoId', 'Origem e destino devem ser do mesmo prestador (ou os dois da operadora).'],
      [{ origemId: bloqueado, destinoId: b.id }, 'origemId', 'O usuário de origem não tem perfis nem trabalho em aberto para migrar.'],
      [{ origemId: adminId, destinoId: b.id, bloquearOrigem: true }, 'bloquearOrigem', 'Você não pode bloquear o seu próprio usuário.'],
      [{ origemId: 2_000_000_000, destinoId: b.id }, 'origemId', 'Usuário de origem inexistente.'],
    ];
    for (const [payload, field, value] of cases) {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(alertsOf(res.body), JSON.stringify(payload)).toContainEqual(expect.objectContaining({ field, value }));
    }
    const prev = await admin({ method: 'GET', url: `/api/usuarios/migracao/previa?origemId=${a.id}&destinoId=${a.id}` });
    expect([prev.statusCode, alertsOf(prev.body)[0]]).toEqual([400, { type: 'error', value: 'Origem e destino devem ser usuários diferentes.', field: 'destinoId' }]);
    // nothing moved by the refusals
    expect((await query<{ n: number }>(db(), sql`select count(*)::int as n from usuario_perfis where usuario_id = ${a.id}`))[0].n).toBe(1);
  });
});
