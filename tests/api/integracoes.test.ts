import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { MSG_MOTIVO_RECUSA, type RegistroIntegracao } from '../../src/shared/integracoes';
import { APP_MSG } from '../../src/shared/messages';
import { isoToBr, todayIso } from '../../src/shared/dates';
import { alertsOf, as, loginAs, sendFile, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * Beneficiários de Integrações and Atendimentos de Integrações (spec §2.7): the HR system's movements and a provider
 * system's attendances imported line by line (each refusal with its pt-BR reason and line number), listed with
 * search, compared with the registry, applied through the domains' own services (with the trail) or refused with the
 * reason; permission checked on the server.
 */

let t: TestApp;
let op: ReturnType<typeof as>;
let opToken: string;
type Who = ReturnType<typeof as>;
const q = <T,>(s: ReturnType<typeof sql>) => query<T>(t.database.db, s);

beforeAll(async () => {
  t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
  opToken = await loginAs(t.app, 'operadora');
  op = as(t.app, opToken);
}, 180_000);
afterAll(() => t?.close());

/** A valid CPF from 9 digits (the two check digits computed here, apart from the product's validator). */
function cpf(base: string): string {
  const d = base.split('').map(Number);
  const dv = (ds: number[]) => {
    const s = ds.reduce((acc, n, i) => acc + n * (ds.length + 1 - i), 0);
    const r = (s * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(d);
  return `${base}${d1}${dv([...d, d1])}`;
}

async function importar(who: Who, token: string, tipo: string, comando: string, csv: string, params: Record<string, unknown>) {
  const arquivo = await sendFile(t.app, token, 'integracao.csv', Buffer.from(csv, 'utf8'));
  const pv = await who({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo, comando, parametros: { ...params, arquivo } } });
  expect(pv.statusCode, pv.body).toBe(200);
  const res = await who({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros: { ...params, arquivo } } });
  expect(res.statusCode, res.body).toBe(201);
  const job = await waitForJob(who, res.json().result.id);
  expect(job.status, job.erro ?? '').toBe('concluida');
  const [lote] = await q<{ id: number }>(sql`select id from integracoes_lotes where execucao_id = ${job.id}`);
  return { previa: pv.json().result as { total: number; resumo: string; amostra: string[] }, job, lote: lote.id };
}

const trilha = (entidade: string, id: number) => q<{ acao: string; antes: unknown; depois: Record<string, unknown> }>(sql`select acao, antes, depois from trilha_eventos where entidade = ${entidade} and registro_id = ${String(id)} order by id`);

describe('Beneficiários de Integrações', () => {
  const C = '/util/analise/beneficiarios-integracoes';
  let empresa: { id: number; nome: string };
  let plano: string;
  let alterado: { id: number; cpf: string; nome: string };
  let titularSai: { id: number; cpf: string; deps: number[] };
  let lote: number;
  const novoTitular = cpf('904512378');
  const novoDependente = cpf('904512379');
  const hoje = todayIso();

  beforeAll(async () => {
    // a company with an active titular holding active dependents (who leaves) and another active beneficiary (who changes)
    [titularSai] = await q<{ id: number; cpf: string; deps: number[]; empresa: number }>(
      sql`select b.id, b.cpf, b.empresa, array_agg(d.id order by d.id) as deps from beneficiarios b join beneficiarios d on d.titular = b.id and d.situacao = 'ATIVO'
          where b.relacao_dependencia = '1' and b.situacao = 'ATIVO' and b.empresa is not null and b.cpf is not null group by b.id order by b.id limit 1`,
    );
    const [e] = await q<{ id: number; nome: string }>(sql`select e.id, coalesce(e.nome_fantasia, e.razao_social) as nome from empresas e join beneficiarios b on b.empresa = e.id where b.id = ${titularSai.id}`);
    empresa = e;
    // another active beneficiary of the same company (moved into it when the small test seed has none)
    [alterado] = await q<{ id: number; cpf: string; nome: string }>(
      sql`select id, cpf, nome from beneficiarios where situacao = 'ATIVO' and cpf is not null and id <> ${titularSai.id} and coalesce(titular, 0) <> ${titularSai.id}
          order by (empresa = ${e.id}) desc nulls last, id limit 1`,
    );
    await t.database.db.execute(sql`update beneficiarios set empresa = ${e.id} where id = ${alterado.id}`);
    [{ registro_ans: plano }] = await q<{ registro_ans: string }>(sql`select registro_ans from produtos where ativo order by id limit 1`);
    expect(alterado).toBeTruthy();
  });

  it('imports the HR file line by line: good lines pending, bad ones refused with the reason', async () => {
    const [outraEmpresa, jaCadastrado] = await q<{ cpf: string }>(
      sql`select cpf from beneficiarios where situacao = 'ATIVO' and cpf is not null and coalesce(empresa, 0) <> ${empresa.id} and id <> ${alterado.id} order by id limit 2`,
    );
    const csv = [
      'movimento;cpf;nome;data_nascimento;sexo;nome_mae;relacao;cpf_titular;plano;data_movimento;cep;celular;email',
      `I;${novoTitular};Joana Prado Teixeira;12/05/1990;F;Lúcia Prado;1;;${plano};${isoToBr(hoje)};30130010;31988776655;joana.prado@example.com`,
      `I;${novoDependente};Pedro Prado Teixeira;03/02/2016;M;Joana Prado Teixeira;4;${novoTitular};${plano};${isoToBr(hoje)};;;`,
      `A;${alterado.cpf};${alterado.nome} Silva;;;;;;;${isoToBr(hoje)};;31977665544;`,
      `E;${titularSai.cpf};;;;;;;;${isoToBr(hoje)};;;`,
      'I;12345678900;Fulano de Tal;01/01/1980;M;Maria;1;;;01/03/2026;;;',
      `X;${cpf('111222333')};Alguém;;;;;;;01/03/2026;;;`,
      `A;${outraEmpresa.cpf};Outro Nome;;;;;;;${isoToBr(hoje)};;;`,
      `A;${alterado.cpf};Repetido;;;;;;;${isoToBr(hoje)};;;`,
      `I;${cpf('555444333')};Sem Plano;01/01/1980;M;Maria Mãe;1;;999999999;${isoToBr(hoje)};;;`,
      `I;${jaCadastrado.cpf};Já Cadastrado;01/01/1980;M;Maria Mãe;1;;${plano};${isoToBr(hoje)};;;`,
    ].join('\r\n');
    const r = await importar(op, opToken, 'integracao-beneficiarios', C, csv, { empresa: empresa.id, origem: 'RH da empresa (SAP)' });
    lote = r.lote;
    expect(r.previa.total).toBe(10);
    expect(r.previa.resumo).toBe(`4 registros serão recebidos para análise (${empresa.nome}: 2 inclusões, 1 alterações, 1 exclusões); 6 linhas com erro ficarão recusadas com o motivo. Nada muda no cadastro até cada registro ser aplicado.`);
    const rows = await q<{ linha: number; status: string; motivo: string | null }>(sql`select linha, status, motivo from integracoes_beneficiarios where lote_id = ${lote} order by linha`);
    expect(rows.map((x) => [x.linha, x.status])).toEqual([
      [2, 'PENDENTE'],
      [3, 'PENDENTE'],
      [4, 'PENDENTE'],
      [5, 'PENDENTE'],
      [6, 'RECUSADO'],
      [7, 'RECUSADO'],
      [8, 'RECUSADO'],
      [9, 'RECUSADO'],
      [10, 'RECUSADO'],
      [11, 'RECUSADO'],
    ]);
    const motivo = (linha: number) => rows.find((x) => x.linha === linha)!.motivo;
    expect(motivo(6)).toBe('CPF inválido: os dígitos verificadores não conferem.');
    expect(motivo(7)).toBe('Movimento "X" inválido: use I (inclusão), A (alteração) ou E (exclusão).');
    expect(motivo(8)).toContain('não encontrado entre os beneficiários ativos desta empresa');
    expect(motivo(9)).toBe(`O CPF ${alterado.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')} já aparece na linha 4: um movimento por beneficiário em cada arquivo.`);
    expect(motivo(10)).toBe('Plano 999999999 não encontrado entre os planos ativos (registro na ANS).');
    expect(motivo(11)).toMatch(/^CPF já cadastrado: matrícula \d{10} \(.+\)\. Envie como alteração \(A\)\.$/);
    // nothing changed in the registry at import
    expect(await q(sql`select id from beneficiarios where cpf in (${novoTitular}, ${novoDependente})`)).toEqual([]);
    // the run's log names each refused line
    const log = (await op({ method: 'GET', url: `/api/execucoes/${r.job.id}` })).json().result.log as { mensagem: string }[];
    expect(log.some((l) => l.mensagem.startsWith('Linha 6: CPF inválido'))).toBe(true);
  });

  it('lists the received records with the search view', async () => {
    const all = await op({ method: 'GET', url: `/api/integracoes/beneficiarios?lote=${lote}&limit=100` });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().result.rows).toHaveLength(10);
    const pend = (await op({ method: 'GET', url: `/api/integracoes/beneficiarios?lote=${lote}&situacao=PENDENTE` })).json().result.rows as { movimento: string; nome: string }[];
    expect(pend.map((x) => x.movimento).sort()).toEqual(['A', 'E', 'I', 'I']);
    const nome = (await op({ method: 'GET', url: `/api/integracoes/beneficiarios?lote=${lote}&nome=prado` })).json().result.rows as { nome: string }[];
    expect(nome.map((x) => x.nome).sort()).toEqual(['Joana Prado Teixeira', 'Pedro Prado Teixeira']);
    const mov = (await op({ method: 'GET', url: `/api/integracoes/beneficiarios?lote=${lote}&movimento=E` })).json().result.rows;
    expect(mov).toHaveLength(1);
    const bad = await op({ method: 'GET', url: '/api/integracoes/beneficiarios?situacao=QUALQUER' });
    expect(bad.statusCode).toBe(400);
  });

  const registroDa = async (linha: number) => (await q<{ id: number }>(sql`select id from integracoes_beneficiarios where lote_id = ${lote} and linha = ${linha}`))[0].id;
  const abrir = async (id: number) => (await op({ method: 'GET', url: `/api/integracoes/beneficiarios/${id}` })).json().result as RegistroIntegracao;

  it('shows the differences against the current record', async () => {
    const d = await abrir(await registroDa(4));
    const nome = d.diferencas.find((x) => x.campo === 'nome')!;
    expect(nome).toMatchObject({ atual: alterado.nome, recebido: `${alterado.nome} Silva`, muda: true });
    expect(d.diferencas.find((x) => x.campo === 'celular')!.muda).toBe(true);
    expect(d.efeito).toContain('Altera no cadastro');
    const e = await abrir(await registroDa(5));
    expect(e.efeito).toContain(`com ${titularSai.deps.length} ${titularSai.deps.length === 1 ? 'dependente' : 'dependentes'}`);
    expect(e.diferencas.find((x) => x.campo === 'situacao')).toMatchObject({ recebido: 'Cancelado (42 – desligamento da empresa)', muda: true });
  });

  it('applies an inclusion of a dependent only after the titular, then both through the registry', async () => {
    const dep = await registroDa(3);
    const v = (await abrir(dep)).version;
    const cedo = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${dep}/aplicar`, payload: { version: v } });
    expect(cedo.statusCode).toBe(422);
    expect(alertsOf(cedo.body)[0].value).toBe(`O titular (CPF ${novoTitular.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4')}) não é titular ativo desta empresa: aplique antes a inclusão dele.`);
    expect((await abrir(dep)).status).toBe('PENDENTE');

    const tit = await registroDa(2);
    const ok = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${tit}/aplicar`, payload: { version: (await abrir(tit)).version } });
    expect(ok.statusCode, ok.body).toBe(200);
    const [b] = await q<{ id: number; matricula: string; carteirinha: string; empresa: number; relacao_dependencia: string; data_adesao: string; nome_mae: string; sexo: string }>(
      sql`select id, matricula, carteirinha, empresa, relacao_dependencia, data_adesao::text, nome_mae, sexo from beneficiarios where cpf = ${novoTitular}`,
    );
    expect(b).toMatchObject({ empresa: empresa.id, relacao_dependencia: '1', data_adesao: hoje, nome_mae: 'Lúcia Prado', sexo: '3' });
    expect(b.matricula).toMatch(/^\d{8}00$/);
    const [{ max }] = await q<{ max: string }>(sql`select max(substr(matricula, 1, 8)) as max from beneficiarios where id <> ${b.id}`);
    expect(Number(b.matricula.slice(0, 8))).toBe(Number(max) + 1);
    expect(await q(sql`select via, motivo from cartoes where beneficiario_id = ${b.id}`)).toEqual([{ via: 1, motivo: 'PRIMEIRA_VIA' }]);
    expect((await trilha('beneficiario', b.id))[0].acao).toBe('insert');
    expect((await trilha('integracaobeneficiario', tit)).at(-1)!.depois).toMatchObject({ status: 'APLICADO', beneficiario_id: b.id });

    const depOk = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${dep}/aplicar`, payload: { version: (await abrir(dep)).version } });
    expect(depOk.statusCode, depOk.body).toBe(200);
    const [d] = await q<{ titular: number; matricula: string }>(sql`select titular, matricula from beneficiarios where cpf = ${novoDependente}`);
    expect(d.titular).toBe(b.id);
    expect(d.matricula).toBe(`${b.matricula.slice(0, 8)}01`);
  });

  it('applies a change and an exclusion (the family with the titular), once', async () => {
    const a = await registroDa(4);
    const v = (await abrir(a)).version;
    expect((await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${a}/aplicar`, payload: { version: v } })).statusCode).toBe(200);
    const [b] = await q<{ nome: string; celular: string }>(sql`select nome, celular from beneficiarios where id = ${alterado.id}`);
    expect(b).toEqual({ nome: `${alterado.nome} Silva`, celular: '31977665544' });
    const tr = (await trilha('beneficiario', alterado.id)).at(-1)!;
    expect(tr.depois).toMatchObject({ nome: `${alterado.nome} Silva`, celular: '31977665544' });
    const de = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${a}/aplicar`, payload: { version: v + 1 } });
    expect(de.statusCode).toBe(409);
    expect(alertsOf(de.body)[0].value).toBe('Este registro já foi aplicado.');

    const e = await registroDa(5);
    const velha = (await abrir(e)).version;
    expect((await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${e}/aplicar`, payload: { version: velha + 7 } })).statusCode).toBe(409);
    const ok = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${e}/aplicar`, payload: { version: velha } });
    expect(ok.statusCode, ok.body).toBe(200);
    const fam = await q<{ id: number; situacao: string; motivo_cancelamento: string; data_situacao: string }>(
      sql`select id, situacao, motivo_cancelamento, data_situacao::text from beneficiarios where id = ${titularSai.id} or id in (${sql.join(titularSai.deps.map((x) => sql`${x}`), sql`, `)}) order by id`,
    );
    expect(fam).toHaveLength(titularSai.deps.length + 1);
    for (const m of fam) expect(m).toMatchObject({ situacao: 'CANCELADO', motivo_cancelamento: '42', data_situacao: hoje });
  });

  it('refuses a record only with the reason; a refused line cannot be applied', async () => {
    const [outro] = await q<{ id: number; version: number }>(sql`select id, version from integracoes_beneficiarios where status = 'PENDENTE' and lote_id <> ${lote} order by id limit 1`);
    const alvo = outro ?? { id: await registroDa(6), version: 1 };
    const sem = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${alvo.id}/recusar`, payload: { version: alvo.version, motivo: 'curto' } });
    expect(sem.statusCode).toBe(400);
    expect(alertsOf(sem.body)[0].value).toBe(MSG_MOTIVO_RECUSA);
    if (outro) {
      const ok = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${outro.id}/recusar`, payload: { version: outro.version, motivo: 'Movimento enviado pela empresa em duplicidade.' } });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().result).toMatchObject({ status: 'RECUSADO', motivo: 'Movimento enviado pela empresa em duplicidade.', decididoPor: 'Olívia Operadora' });
      expect((await trilha('integracaobeneficiario', outro.id)).at(-1)!.depois).toMatchObject({ status: 'RECUSADO' });
    }
    const recusada = await registroDa(6);
    const r = await op({ method: 'POST', url: `/api/integracoes/beneficiarios/${recusada}/aplicar`, payload: { version: 1 } });
    expect(r.statusCode).toBe(409);
    expect(alertsOf(r.body)[0].value).toBe('Este registro já foi recusado.');
  });

  it('is refused to users without the command', async () => {
    for (const login of ['beneficiario', 'prestador', 'auditor']) {
      const who = as(t.app, await loginAs(t.app, login));
      const l = await who({ method: 'GET', url: '/api/integracoes/beneficiarios' });
      expect(l.statusCode, login).toBe(403);
      expect(alertsOf(l.body)[0].value).toBe(APP_MSG.acessoNegado);
      expect((await who({ method: 'POST', url: `/api/integracoes/beneficiarios/${await registroDa(3)}/recusar`, payload: { version: 1, motivo: 'Tentativa sem permissão.' } })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/integracoes/beneficiarios' })).statusCode).toBe(401);
  });
});

describe('Atendimentos de Integrações', () => {
  const C = '/util/analise/atendimentos-integracoes';
  let lote: number;
  let ben: { id: number; carteirinha: string; nome: string };
  let suspenso: { carteirinha: string };
  let prest: { id: number; codigo: string };
  let prof: { numero: string; uf: string };
  const dia = isoToBr(todayIso());

  beforeAll(async () => {
    [ben] = await q(sql`select id, carteirinha, nome from beneficiarios where situacao = 'ATIVO' and (fim_carencia is null or fim_carencia < current_date - 1) order by id desc limit 1`);
    [suspenso] = await q(sql`select carteirinha from beneficiarios where situacao = 'SUSPENSO' order by id limit 1`);
    [prest] = await q(sql`select id, codigo from prestadores order by id limit 1`);
    [prof] = await q(sql`select numero_conselho as numero, uf_conselho as uf from profissionais where conselho = 'CRM' order by id limit 1`);
  });

  it('imports the attendances, refusing unknown cards, guides needing a medical order and repeated guides', async () => {
    const csv = [
      'guia;prestador;tipo;carteirinha;data_atendimento;procedimento;quantidade;conselho;numero_conselho;uf_conselho;cbo;carater',
      `EXT-1001;${prest.codigo};CONSULTA;${ben.carteirinha};${dia};10101012;1;CRM;${prof.numero};${prof.uf};;1`,
      `EXT-1002;${prest.codigo};CONSULTA;${suspenso.carteirinha};${dia};10101012;1;CRM;${prof.numero};${prof.uf};;1`,
      `EXT-1003;${prest.codigo};CONSULTA;9999888877776666;${dia};10101012;1;CRM;${prof.numero};${prof.uf};;1`,
      `EXT-1004;${prest.codigo};SP_SADT;${ben.carteirinha};${dia};40301630;1;CRM;${prof.numero};${prof.uf};;1`,
      `EXT-1001;${prest.codigo};CONSULTA;${ben.carteirinha};${dia};10101012;1;CRM;${prof.numero};${prof.uf};;1`,
      `EXT-1005;${prest.codigo};CONSULTA;${ben.carteirinha};31/02/2026;10101012;1;CRM;${prof.numero};${prof.uf};;1`,
    ].join('\n');
    const r = await importar(op, opToken, 'integracao-atendimentos', C, csv, { origem: 'Prontuário da clínica' });
    lote = r.lote;
    expect(r.previa.resumo).toBe('2 registros serão recebidos para análise; 4 linhas com erro ficarão recusadas com o motivo. Nada muda no cadastro até cada registro ser aplicado.');
    const rows = await q<{ linha: number; status: string; motivo: string | null }>(sql`select linha, status, motivo from integracoes_atendimentos where lote_id = ${lote} order by linha`);
    const m = Object.fromEntries(rows.map((x) => [x.linha, x.motivo ?? x.status]));
    expect(m[2]).toBe('PENDENTE');
    expect(m[3]).toBe('PENDENTE');
    expect(m[4]).toBe('Carteirinha 9999 8888 7777 6666 não encontrada.');
    expect(m[5]).toBe('Tipo "SP_SADT" não aceito pela integração: use CONSULTA, APS ou COMPROVANTE_PRESENCIAL (os demais exigem o pedido médico anexado).');
    expect(m[6]).toBe('A guia EXT-1001 deste prestador já aparece na linha 2.');
    expect(m[7]).toBe('Data do atendimento "31/02/2026" inválida: use DD/MM/AAAA.');
    // the same guide in a later file is refused: it was received already
    const again = await importar(op, opToken, 'integracao-atendimentos', C, `EXT-1001;${prest.codigo};CONSULTA;${ben.carteirinha};${dia};10101012;1;CRM;${prof.numero};${prof.uf};;1`, { origem: 'Prontuário da clínica' });
    const [x] = await q<{ motivo: string }>(sql`select motivo from integracoes_atendimentos where lote_id = ${again.lote}`);
    expect(x.motivo).toBe(`A guia EXT-1001 deste prestador já foi recebida no lote ${lote} (linha 2).`);
  });

  const registroDa = async (linha: number) => (await q<{ id: number }>(sql`select id from integracoes_atendimentos where lote_id = ${lote} and linha = ${linha}`))[0].id;

  it('applies an attendance as an authorization request through the requests’ service', async () => {
    const id = await registroDa(2);
    const d = (await op({ method: 'GET', url: `/api/integracoes/atendimentos/${id}` })).json().result as RegistroIntegracao;
    expect(d.diferencas.find((x) => x.campo === 'beneficiario')!.atual).toContain(ben.nome);
    const ok = await op({ method: 'POST', url: `/api/integracoes/atendimentos/${id}/aplicar`, payload: { version: d.version } });
    expect(ok.statusCode, ok.body).toBe(200);
    const feito = ok.json().result as RegistroIntegracao;
    expect(feito.status).toBe('APLICADO');
    const [a] = await q<{ id: number; numero: string; tipo: string; beneficiario_id: number; prestador_id: number; data_solicitacao: string; observacao: string; criada_por_id: number }>(
      sql`select a.id, a.numero, a.tipo, a.beneficiario_id, a.prestador_id, a.data_solicitacao::text, a.observacao, a.criada_por_id from autorizacoes a join integracoes_atendimentos i on i.autorizacao_id = a.id where i.id = ${id}`,
    );
    expect(a).toMatchObject({ tipo: 'CONSULTA', beneficiario_id: ben.id, prestador_id: prest.id, data_solicitacao: todayIso() });
    expect(a.observacao).toBe(`Integração Prontuário da clínica: guia EXT-1001 do prestador (lote ${lote}, linha 2).`);
    expect(feito.autorizacaoNumero).toBe(a.numero);
    expect((await trilha('autorizacao', a.id))[0].acao).toBe('insert');
    // listed with the request's number
    const rows = (await op({ method: 'GET', url: `/api/integracoes/atendimentos?lote=${lote}&situacao=APLICADO` })).json().result.rows as { autorizacao: string }[];
    expect(rows.map((r) => r.autorizacao)).toEqual([a.numero]);
  });

  it('a refusal of the requests’ service keeps the record pending with nothing written', async () => {
    const id = await registroDa(3);
    const d = (await op({ method: 'GET', url: `/api/integracoes/atendimentos/${id}` })).json().result as RegistroIntegracao;
    expect(d.alertas.join(' ')).toContain('suspenso');
    const [{ n: antes }] = await q<{ n: number }>(sql`select count(*)::int as n from autorizacoes`);
    const r = await op({ method: 'POST', url: `/api/integracoes/atendimentos/${id}/aplicar`, payload: { version: d.version } });
    expect(r.statusCode).toBe(422);
    expect(alertsOf(r.body)[0].value).toBe(t.ctx.settings.messages.beneficiarioSuspenso);
    const [{ n: depois }] = await q<{ n: number }>(sql`select count(*)::int as n from autorizacoes`);
    expect(depois).toBe(antes);
    expect((await op({ method: 'GET', url: `/api/integracoes/atendimentos/${id}` })).json().result.status).toBe('PENDENTE');
    const rec = await op({ method: 'POST', url: `/api/integracoes/atendimentos/${id}/recusar`, payload: { version: d.version, motivo: 'Beneficiário suspenso na data do atendimento.' } });
    expect(rec.statusCode).toBe(200);
  });
});
