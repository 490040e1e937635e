import { sql } from 'drizzle-orm';
import { isoToBr, todayIso } from '../../../shared/dates';
import { somarDias } from '../../../shared/dias-uteis';
import { LAYOUT_INTEGRACAO_ATENDIMENTOS, LAYOUT_INTEGRACAO_BENEFICIARIOS } from '../../../shared/integracoes';
import { LAYOUT_AUTORIZACOES_INTERCAMBIO } from '../../../shared/intercambio';
import { conferirAtendimentos, inserirAtendimentos } from '../../integracoes/atendimentos';
import { conferirMovimentos, inserirMovimentos } from '../../integracoes/beneficiarios';
import { conferirIntercambio, gravarAutorizacao, type Parceira } from '../../intercambio/autorizacoes';
import { lerCsv } from '../../jobs/csv-input';
import type { Db } from '../client';
import { query } from '../sql';
import { cpfDeBase } from './documentos';
import { DEMO_PESSOAS } from './people';

/**
 * The demo data of the §2.7 utilities built for issue 13, read through the same code the imports use (the layouts'
 * reader, the line checks, the writes), so what the demo shows is what a real file gives:
 * - a lot of the HR system of the largest company (inclusions of a new family, changes, an exclusion, two bad lines)
 *   and one of the attendances of the demo clinic's system (consultations, a primary-care visit, refusals), one
 *   change already refused by the analyst;
 * - interchange with two partner cooperatives: their beneficiaries attended in the own network, own beneficiaries
 *   attended in theirs, last month's movement closed with one of them, an excluded card;
 * - a Nexia lot of the requests awaiting the audit, sent, without return yet;
 * - the CMIS queue holding every protocolled document and file of the file manager.
 */

const PREFIXOS_DEMO = [DEMO_PESSOAS.titular, DEMO_PESSOAS.dependente, DEMO_PESSOAS.suspenso, DEMO_PESSOAS.carencia, DEMO_PESSOAS.cancelado].map((p) => p.matricula);
const fora = sql`b.matricula not in (${sql.join(PREFIXOS_DEMO.map((m) => sql`${m}`), sql`, `)})`;

const cpf = cpfDeBase;

const csv = (linhas: string[]) => Buffer.from(linhas.join('\r\n'), 'utf8');

async function operadoraUsuario(db: Db) {
  return (await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'operadora'`))[0];
}

async function seedIntegracoes(db: Db) {
  const op = await operadoraUsuario(db);
  const hoje = todayIso();
  const [emp] = await query<{ empresa: number }>(
    db,
    sql`select b.empresa from beneficiarios b where b.empresa is not null and b.situacao = 'ATIVO' and b.relacao_dependencia = '1' and b.cpf is not null and ${fora}
        group by b.empresa order by count(*) desc, b.empresa limit 1`,
  );
  if (emp) {
    const existentes = await query<{ id: number; cpf: string; nome: string; deps: number }>(
      db,
      sql`select b.id, b.cpf, b.nome, (select count(*)::int from beneficiarios d where d.titular = b.id and d.situacao <> 'CANCELADO') as deps
          from beneficiarios b where b.empresa = ${emp.empresa} and b.situacao = 'ATIVO' and b.relacao_dependencia = '1' and b.cpf is not null and ${fora} order by b.id limit 6`,
    );
    const [plano] = await query<{ registro_ans: string }>(db, sql`select p.registro_ans from beneficiarios b join produtos p on p.id = b.produto where b.id = ${existentes[0].id}`);
    const dia = isoToBr(somarDias(hoje, -3));
    const [a1, a2, a3] = existentes;
    const semDeps = existentes.find((x) => x.deps === 0 && x.id !== a1.id && x.id !== a2.id) ?? a3;
    const larissa = cpf('318274659');
    const linhas = [
      'movimento;cpf;nome;data_nascimento;sexo;nome_mae;relacao;cpf_titular;plano;data_movimento;cep;celular;email',
      `I;${larissa};Larissa Campos Ribeiro;14/08/1991;F;Regina Campos;1;;${plano.registro_ans};${dia};30140071;31991827364;larissa.ribeiro@example.com`,
      `I;${cpf('318274660')};Sofia Campos Ribeiro;02/03/2019;F;Larissa Campos Ribeiro;4;${larissa};${plano.registro_ans};${dia};;;`,
      `I;${cpf('427381956')};Tiago Moreira Batista;23/11/1987;M;Célia Moreira;1;;${plano.registro_ans};${dia};31270901;31987120044;tiago.batista@example.com`,
      `A;${a1.cpf};;;;;;;;${dia};;31999812233;${a1.nome.split(' ')[0].toLowerCase()}.novo@example.com`,
      `A;${a2.cpf};;;;;;;;${dia};;3133334444;`,
      `E;${semDeps.cpf};;;;;;;;${dia};;;`,
      `I;12345678900;Fulano de Tal;01/01/1980;M;Maria de Tal;1;;${plano.registro_ans};${dia};;;`,
      `I;${cpf('538194627')};Ana Paula Rezende;09/09/1995;F;Marta Rezende;1;;999999999;${dia};;;`,
    ];
    const lidas = await conferirMovimentos(db, emp.empresa, lerCsv(csv(linhas), LAYOUT_INTEGRACAO_BENEFICIARIOS));
    const [lote] = await query<{ id: number }>(
      db,
      sql`insert into integracoes_lotes (tipo, origem, empresa_id, nome_arquivo, usuario_id, recebido_em, registros)
          values ('BENEFICIARIO', 'RH da empresa (folha SAP)', ${emp.empresa}, ${`movimentacao-rh-${somarDias(hoje, -2).replace(/-/g, '')}.csv`}, ${op.id}, now() - interval '2 days', ${lidas.length}) returning id`,
    );
    await inserirMovimentos(db, lote.id, lidas);
    // the analyst already refused one change: the company's switchboard number sent as the employee's phone
    await db.execute(
      sql`update integracoes_beneficiarios set status = 'RECUSADO', motivo = 'O telefone enviado pelo RH é o da central da empresa, não o do beneficiário.', decidido_em = now() - interval '1 day',
            decidido_por_id = ${op.id}, decidido_por_nome = ${op.nome}, version = version + 1 where lote_id = ${lote.id} and cpf = ${a2.cpf} and status = 'PENDENTE'`,
    );
  }

  const [prest] = await query<{ codigo: string }>(db, sql`select codigo from prestadores where codigo = ${DEMO_PESSOAS.prestador.codigo}`);
  const [prof] = await query<{ numero: string; uf: string }>(db, sql`select numero_conselho as numero, uf_conselho as uf from profissionais where conselho = 'CRM' order by id limit 1`);
  const pacientes = await query<{ carteirinha: string }>(
    db,
    sql`select b.carteirinha from beneficiarios b where b.situacao = 'ATIVO' and (b.fim_carencia is null or b.fim_carencia < current_date - 30) and ${fora} order by b.id desc limit 5`,
  );
  if (prest && prof && pacientes.length >= 5) {
    const d = (n: number) => isoToBr(somarDias(hoje, -n));
    const linha = (guia: string, tipo: string, cartao: string, dia: string, cod = '10101012') => `${guia};${prest.codigo};${tipo};${cartao};${dia};${cod};1;CRM;${prof.numero};${prof.uf};;1`;
    const linhas = [
      'guia;prestador;tipo;carteirinha;data_atendimento;procedimento;quantidade;conselho;numero_conselho;uf_conselho;cbo;carater',
      linha('CSL-20481', 'CONSULTA', pacientes[0].carteirinha, d(6)),
      linha('CSL-20482', 'CONSULTA', pacientes[1].carteirinha, d(6)),
      linha('CSL-20490', 'APS', pacientes[2].carteirinha, d(5)),
      linha('CSL-20495', 'CONSULTA', pacientes[3].carteirinha, d(4)),
      linha('CSL-20497', 'COMPROVANTE_PRESENCIAL', pacientes[4].carteirinha, d(4)),
      linha('CSL-20499', 'CONSULTA', '1234567890123456', d(3)),
      linha('CSL-20501', 'SP_SADT', pacientes[0].carteirinha, d(3), '40301630'),
      linha('CSL-20482', 'CONSULTA', pacientes[1].carteirinha, d(6)),
    ];
    const lidas = await conferirAtendimentos(db, lerCsv(csv(linhas), LAYOUT_INTEGRACAO_ATENDIMENTOS));
    const [lote] = await query<{ id: number }>(
      db,
      sql`insert into integracoes_lotes (tipo, origem, nome_arquivo, usuario_id, recebido_em, registros)
          values ('ATENDIMENTO', 'Prontuário da Clínica Santa Luzia', ${`atendimentos-${somarDias(hoje, -1).replace(/-/g, '')}.csv`}, ${op.id}, now() - interval '1 day', ${lidas.length}) returning id`,
    );
    await inserirAtendimentos(db, lote.id, lidas);
  }
}

async function seedIntercambio(db: Db) {
  const hoje = todayIso();
  const parceiras = await query<Parceira>(db, sql`select id, codigo, nome from intercambios where codigo in ('0031', '0033') order by codigo`);
  if (parceiras.length < 2) return;
  const prestadores = await query<{ codigo: string }>(db, sql`select codigo from prestadores where inicio_vigencia <= current_date - 90 and (fim_vigencia is null or fim_vigencia >= current_date) order by id limit 3`);
  const procs = await query<{ codigo: string }>(db, sql`select codigo from procedimentos where ativo and codigo in ('10101012', '40301630', '40302040', '40901122', '41001010', '20104090') order by codigo`);
  if (!prestadores.length || !procs.length) return;
  // own beneficiaries who travel: an interchange card for use in the partners' network
  const proprios = await query<{ id: number; matricula: string }>(db, sql`select b.id, b.matricula from beneficiarios b where b.situacao = 'ATIVO' and ${fora} order by b.id limit 3 offset 20`);
  for (const b of proprios) await db.execute(sql`update beneficiarios set cartao_intercambio = ${`0064${b.matricula}001`} where id = ${b.id}`);
  const nomes = ['Marcos Vinícius Araújo', 'Patrícia Lemos Duarte', 'Roberto Carlos Fagundes', 'Juliana Teixeira Prado', 'Eduardo Henrique Sales', 'Camila Nogueira Brito', 'Fernando Augusto Reis', 'Luciana Martins Paiva'];
  const validade = isoToBr(`${Number(hoje.slice(0, 4)) + 1}-06-30`);
  for (const [k, par] of parceiras.entries()) {
    const linhas = ['direcao;numero;cartao;nome;nascimento;validade;data_atendimento;prestador;procedimento;quantidade;valor;senha'];
    const n = k === 0 ? 8 : 4;
    for (let i = 0; i < n; i++) {
      const cartao = `${par.codigo}${String(1_000_000_000_000 + (k * 97 + i) * 7919).slice(-13)}`;
      const dia = isoToBr(somarDias(hoje, -(5 + i * 7)));
      linhas.push(`R;${par.codigo}-${24_100 + i};${cartao};${nomes[(i + k * 3) % nomes.length]};${isoToBr(`${1960 + i * 5}-0${1 + (i % 9)}-15`)};${validade};${dia};${prestadores[i % prestadores.length].codigo};${procs[i % procs.length].codigo};1;;S${51_000 + i}`);
    }
    if (k === 0)
      for (const [i, b] of proprios.entries())
        linhas.push(`E;${par.codigo}-E${880 + i};0064${b.matricula}001;;;;${isoToBr(somarDias(hoje, -(10 + i * 9)))};Hospital ${['São Lucas', 'Santa Rita', 'Vera Cruz'][i]} (rede ${par.nome});${procs[i % procs.length].codigo};1;${['180,00', '96,40', '1.240,00'][i]};`);
    const lidas = await conferirIntercambio(db, par, lerCsv(csv(linhas), LAYOUT_AUTORIZACOES_INTERCAMBIO));
    for (const l of lidas) if (l.ok) await gravarAutorizacao(db, { ip: '' }, par, null, l.ok);
  }
  // last month's movement with the first partner, closed: its authorizations up to the month's end
  const comp = `${somarDias(`${hoje.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const fim = somarDias(`${hoje.slice(0, 7)}-01`, -1);
  const [p0] = parceiras;
  const [t] = await query<{ r: number; vr: string; e: number; ve: string }>(
    db,
    sql`select count(*) filter (where direcao = 'RECEBIDA')::int as r, coalesce(sum(valor_centavos) filter (where direcao = 'RECEBIDA'), 0)::bigint as vr,
          count(*) filter (where direcao = 'ENVIADA')::int as e, coalesce(sum(valor_centavos) filter (where direcao = 'ENVIADA'), 0)::bigint as ve
        from autorizacoes_intercambio where intercambio_id = ${p0.id} and data_atendimento <= ${fim}::date`,
  );
  if (t.r + t.e > 0) {
    const [m] = await query<{ id: number }>(
      db,
      sql`insert into movimentos_intercambio (intercambio_id, competencia, recebidas, valor_receber_centavos, enviadas, valor_pagar_centavos, criado_em)
          values (${p0.id}, ${comp}, ${t.r}, ${Number(t.vr)}, ${t.e}, ${Number(t.ve)}, now() - interval '3 days') returning id`,
    );
    await db.execute(sql`update autorizacoes_intercambio set movimento_id = ${m.id} where intercambio_id = ${p0.id} and data_atendimento <= ${fim}::date`);
  }
  // a card of the second partner excluded: it expired and the partner reissued it
  await db.execute(
    sql`update cartoes_intercambio set situacao = 'EXCLUIDO', excluido_em = ${somarDias(hoje, -2)}::date, motivo_exclusao = 'Cartão substituído pela parceira (nova via).'
        where id = (select min(id) from cartoes_intercambio where intercambio_id = ${parceiras[1].id})`,
  );
}

async function seedLoteAuditoria(db: Db) {
  const op = await operadoraUsuario(db);
  const hoje = todayIso();
  const inicio = somarDias(hoje, -30);
  const guias = await query<{ id: number }>(db, sql`select a.id from autorizacoes a where a.status = 2 and a.data_solicitacao between ${inicio}::date and ${hoje}::date order by a.id limit 12`);
  if (!guias.length) return;
  const [lote] = await query<{ id: number }>(
    db,
    sql`insert into lotes_auditoria (empresa, situacao, inicio, fim, enviado_em, enviado_por_id, enviado_por_nome)
        values ('NEXIA', 'PENDENTES', ${inicio}::date, ${hoje}::date, now() - interval '1 day', ${op.id}, ${op.nome}) returning id`,
  );
  await db.execute(
    sql`insert into lotes_auditoria_itens (lote_id, autorizacao_id, item_id, guia, codigo, quantidade_solicitada)
        select ${lote.id}, a.id, i.id, a.numero, i.codigo, i.quantidade_solicitada from autorizacoes a join autorizacao_itens i on i.autorizacao_id = a.id
        where a.id in (${sql.join(guias.map((g) => sql`${g.id}`), sql`, `)}) order by a.id, i.seq`,
  );
  await db.execute(sql`update lotes_auditoria l set guias = ${guias.length}, itens = (select count(*) from lotes_auditoria_itens x where x.lote_id = l.id) where l.id = ${lote.id}`);
}

/**
 * Every protocolled document and file of the file manager the seed made enters the CMIS queue, as new ones do: in the
 * order they were created (the queue lists by its id, so the dates read in order).
 */
async function seedFilaCmis(db: Db) {
  await db.execute(
    sql`insert into cmis_documentos (origem, protocolo_id, arquivo_id, nome, pasta, criado_em)
        select origem, protocolo_id, arquivo_id, nome, pasta, criado_em from (
          select 'PROTOCOLO' as origem, p.id as protocolo_id, null::int as arquivo_id, 'Protocolo ' || replace(p.numero, '/', '-') || '.txt' as nome,
            'Protocolos/' || substr(p.numero, 1, 4) as pasta, p.criado_em from protocolos_documentos p
          union all
          select 'ARQUIVO', null, a.id, a.nome, 'Gerenciador', a.criado_em from arquivos a where a.contexto = 'gerenciador'
        ) d order by d.criado_em, d.origem, coalesce(d.protocolo_id, d.arquivo_id)`,
  );
}

export async function seedUtil(db: Db): Promise<void> {
  await seedIntegracoes(db);
  await seedIntercambio(db);
  await seedLoteAuditoria(db);
  await seedFilaCmis(db);
}
