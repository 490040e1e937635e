import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../src/server/db/sql';
import { arquivosMonitoramento } from '../../src/server/ans/monitoramento';
import { conferirHash, hashInformado, tissHash } from '../../src/server/tiss/hash';
import { validarXml } from '../../src/server/tiss/xsd';
import type { No } from '../../src/server/tiss/escrita';
import { diopsCadastral, monitoramentoTiss, radarTiss, rps, sib, sip } from '../../src/shared/processos/ans';
import { as, loginAs, startTestApp, waitForJob, type TestApp } from './harness';

/**
 * The ANS exports (spec §2.7): Monitoramento TISS validated by the official XSD with its epílogo hash, split at the
 * schema's limit, "sem movimento" when nothing was processed; the SIB's movements since the previous file, the
 * regulator's critics keeping bad records out (listed in the log), and what was sent recorded for the next run.
 */

type Who = ReturnType<typeof as>;
const BH = 3106200;

async function dadosMonitoramento(t: TestApp) {
  const db = t.database.db;
  const [{ produto, plano }] = await query<{ produto: number; plano: string }>(db, sql`select id as produto, registro_ans as plano from produtos where ativo order by id limit 1`);
  const [{ id: benef }] = await query<{ id: number }>(
    db,
    sql`insert into beneficiarios (matricula, carteirinha, nome, nome_mae, sexo, data_nascimento, relacao_dependencia, produto, data_adesao, situacao, cpf, cns, cidade, uf, cep)
        values ('7700000001', '7700000001000000', 'Iolanda Ferraz Quintão', 'Marta Ferraz Quintão', '3', '1980-04-02', '1', ${produto}, '2019-01-01', 'ATIVO', '52998224725', '898001160660842', ${BH}, 'MG', '30110000') returning id`,
  );
  const [{ id: prest, cnpj }] = await query<{ id: number; cnpj: string }>(
    db,
    sql`insert into prestadores (codigo, tipo_pessoa, nome, cnpj, cnes, cidade, uf, inicio_vigencia) values ('MON-1', 'J', 'Clínica Monitorada Ltda', '11222333000181', '1234567', ${BH}, 'MG', '2010-01-01') returning id, cnpj`,
  );
  const [{ id: proc }] = await query<{ id: number }>(db, sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, status, qtd_guias, valor_informado_centavos, recebido_em, origem, analise_encerrada_em)
        values ('MON000000001', ${prest}, 'L1', '4.03.00', 'SP-SADT', '6', 2, 35000, '2020-01-10 10:00-03', 'XML', '2020-01-20 15:00-03') returning id`);
  const [{ p1, p2 }] = await query<{ p1: number; p2: number }>(db, sql`select (select id from procedimentos where codigo = '10101012') as p1, (select id from procedimentos order by id limit 1) as p2`);
  const [{ id: g1 }] = await query<{ id: number }>(
    db,
    sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_guia_operadora, numero_carteira, beneficiario_id, data_atendimento, valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos)
        values (${proc}, 1, 'G-0001', 'OP-0001', '7700000001000000', ${benef}, '2020-01-05', 25000, 20000, 5000) returning id`,
  );
  await query(db, sql`insert into itens_faturados (guia_id, sequencial, data, codigo_tabela, codigo_procedimento, procedimento_id, quantidade, valor_unitario_centavos, valor_informado_centavos, valor_liberado_centavos, valor_glosa_centavos)
        values (${g1}, 1, '2020-01-05', '22', '10101012', ${p1}, 1, 15000, 15000, 15000, 0), (${g1}, 2, '2020-01-05', '19', '70000001', ${p2}, 2, 5000, 10000, 5000, 5000)`);
  // an unknown card: the ANS needs the beneficiary's data, so the guide is left out and listed
  await query(db, sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos, valor_liberado_centavos)
        values (${proc}, 2, 'G-0002', '0000000000000000', '2020-01-06', 10000, 0)`);
  const [{ id: re }] = await query<{ id: number }>(
    db,
    sql`insert into reembolsos (protocolo, status, beneficiario_id, beneficiario_nome, profissional_nome, profissional_conselho, profissional_numero, profissional_uf, profissional_documento, procedimento_id, quantidade, data_atendimento, valor_pago_centavos, valor_liberado_centavos, solicitado_por, criado_em)
        values ('RE2020000001', 'LIBERADO', ${benef}, 'Iolanda Ferraz Quintão', 'Dr. Teste', 'CRM', '1234', 'MG', '52998224725', ${p1}, 1, '2020-01-03', 30000, 12000, 'teste', '2020-01-04 09:00-03') returning id`,
  );
  await query(db, sql`insert into reembolso_historico (reembolso_id, em, usuario_nome, acao, de, para) values (${re}, '2020-01-25 11:00-03', 'teste', 'liberar', 'ANALISADO', 'LIBERADO')`);
  return { plano, cnpj };
}

describe('exportações da ANS', () => {
  let t: TestApp;
  let operadora: Who;
  let beneficiario: Who;
  let registro: string;
  let dados: Awaited<ReturnType<typeof dadosMonitoramento>>;
  beforeAll(async () => {
    t = await startTestApp({ JOB_CONCURRENCY: '1' }, undefined, { jobs: true });
    operadora = as(t.app, await loginAs(t.app, 'operadora'));
    beneficiario = as(t.app, await loginAs(t.app, 'beneficiario'));
    [{ registro }] = await query<{ registro: string }>(t.database.db, sql`select registro_ans as registro from operadoras order by id limit 1`);
    dados = await dadosMonitoramento(t);
  }, 120_000);
  afterAll(() => t?.close());

  const run = async (tipo: string, comando: string, parametros: Record<string, unknown>) => {
    const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo, comando, parametros } });
    expect(res.statusCode, res.body).toBe(201);
    const j = await waitForJob(operadora, res.json().result.id);
    expect(j.status, j.erro ?? '').toBe('concluida');
    return j;
  };
  const baixar = async (id: number) => (await operadora({ method: 'GET', url: `/api/arquivos/${id}` })).rawPayload as Buffer;

  describe('Monitoramento TISS', () => {
    it('previews the guides processed and reimbursements released in the competência', async () => {
      const res = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: monitoramentoTiss.tipo, comando: monitoramentoTiss.comando, parametros: { competencia: '012020', versao: '1.01.00' } } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.resumo).toBe('2 guias processadas e 1 reembolso liberado em 01/2020 entram no Monitoramento TISS.');
    });

    it('writes one guiaMonitoramento per guide and reimbursement, valid against the XSD, hash over ISO-8859-1', async () => {
      const j = await run(monitoramentoTiss.tipo, monitoramentoTiss.comando, { competencia: '012020', versao: '1.01.00' });
      expect(j.arquivos.map((a) => a.nome)).toEqual([`MONITORAMENTO_${registro}_202001_01.xml`]);
      const bytes = await baixar(j.arquivos[0].id);
      expect(validarXml(bytes, 'monitoramento-1.01.00')).toEqual([]);
      const xml = bytes.toString('latin1');
      expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<ans:mensagemEnvioANS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas">')).toBe(true);
      expect(conferirHash(xml, hashInformado(xml)!)).toBe('ISO-8859-1');
      expect(xml).toContain(`<ans:registroANS>${registro}</ans:registroANS>`);
      expect(xml).toContain('<ans:competenciaLote>202001</ans:competenciaLote>');
      expect(xml.match(/<ans:guiaMonitoramento>/g)).toHaveLength(2);
      const guia = xml.slice(xml.indexOf('<ans:guiaMonitoramento>'), xml.indexOf('</ans:guiaMonitoramento>'));
      const el = (nome: string, em = guia) => new RegExp(`<ans:${nome}>([^<]*)</ans:${nome}>`).exec(em)?.[1];
      expect([el('tipoRegistro'), el('formaEnvio'), el('CNES'), el('identificadorExecutante'), el('codigoCNPJ_CPF'), el('municipioExecutante')]).toEqual(['1', '2', '1234567', '1', dados.cnpj, String(BH)]);
      expect([el('numeroCartaoNacionalSaude'), el('sexo'), el('dataNascimento'), el('municipioResidencia'), el('numeroRegistroPlano')]).toEqual(['898001160660842', '3', '1980-04-02', String(BH), dados.plano]);
      expect([el('tipoEventoAtencao'), el('origemEventoAtencao'), el('numeroGuia_prestador'), el('numeroGuia_operadora'), el('identificacaoReembolso')]).toEqual(['2', '1', 'G-0001', 'OP-0001', '0'.repeat(20)]);
      expect([el('dataRealizacao'), el('dataProtocoloCobranca'), el('dataProcessamentoGuia')]).toEqual(['2020-01-05', '2020-01-10', '2020-01-20']);
      expect([el('valorTotalInformado'), el('valorProcessado'), el('valorTotalPagoProcedimentos'), el('valorTotalMateriais'), el('valorGlosaGuia'), el('valorPagoGuia')]).toEqual([
        '250.00', '250.00', '150.00', '50.00', '50.00', '200.00',
      ]);
      expect(guia.match(/<ans:procedimentos>/g)).toHaveLength(2);
      const reemb = xml.slice(xml.lastIndexOf('<ans:guiaMonitoramento>'));
      expect([el('formaEnvio', reemb), el('CNES', reemb), el('identificadorExecutante', reemb), el('origemEventoAtencao', reemb), el('identificacaoReembolso', reemb), el('tipoEventoAtencao', reemb)]).toEqual([
        '4', '9999999', '2', '4', 'RE2020000001', '1',
      ]);
      expect([el('valorTotalInformado', reemb), el('valorGlosaGuia', reemb), el('valorPagoGuia', reemb), el('dataProcessamentoGuia', reemb)]).toEqual(['300.00', '180.00', '120.00', '2020-01-25']);
      const log = j.log.map((l) => l.mensagem).join('\n');
      expect(log).toContain('guia G-0002: beneficiário não identificado pela carteirinha.');
      const [r] = await query<{ registros: number; hash: string }>(t.database.db, sql`select registros, hash from remessas_ans where tipo = 'MONITORAMENTO' and competencia = '2020-01'`);
      expect(r).toEqual({ registros: 2, hash: hashInformado(xml) });
      const [trilha] = await query<{ n: number }>(t.database.db, sql`select count(*)::int as n from trilha_eventos where entidade = 'remessaans' and depois->>'tipo' = 'MONITORAMENTO'`);
      expect(trilha.n).toBe(1);
    });

    it('sends a guide again in a later competência only as an alteração, when what is reported changed', async () => {
      // the guide's review is reopened and closed again in February with another released value
      await query(t.database.db, sql`update protocolos_recebimento set analise_encerrada_em = '2020-02-03 10:00-03' where numero = 'MON000000001'`);
      const j = await run(monitoramentoTiss.tipo, monitoramentoTiss.comando, { competencia: '022020', versao: '1.01.00' });
      const xml = (await baixar(j.arquivos[0].id)).toString('latin1');
      // unchanged except the processing date: still reported (the date is part of it), as tipoRegistro 2
      expect(xml.match(/<ans:guiaMonitoramento>/g)).toHaveLength(1);
      expect(xml).toContain('<ans:tipoRegistro>2</ans:tipoRegistro>');
      expect(validarXml(Buffer.from(xml, 'latin1'), 'monitoramento-1.01.00')).toEqual([]);
    });

    it('writes "sem movimento" (5016) when nothing was processed in the competência', async () => {
      const j = await run(monitoramentoTiss.tipo, monitoramentoTiss.comando, { competencia: '032020', versao: '1.00.01' });
      const bytes = await baixar(j.arquivos[0].id);
      expect(validarXml(bytes, 'monitoramento-1.01.00')).toEqual([]);
      const xml = bytes.toString('latin1');
      expect(xml).toMatch(/<ans:operadoraParaANS>\s*<ans:semMovimentoInclusao>5016<\/ans:semMovimentoInclusao>\s*<\/ans:operadoraParaANS>/);
      expect(xml).toContain('<ans:versaoPadrao>1.00.01</ans:versaoPadrao>');
      expect(hashInformado(xml)).toBe(tissHash(xml));
    });

    it('splits the guides at the schema limit, each file valid with its own sequence', () => {
      const guia = (i: number): No => [
        'guiaMonitoramento',
        [
          ['tipoRegistro', '1'], ['formaEnvio', '2'],
          ['dadosContratadoExecutante', [['CNES', '1234567'], ['identificadorExecutante', '1'], ['codigoCNPJ_CPF', '11222333000181'], ['municipioExecutante', '3106200']]],
          ['dadosBeneficiario', [['identBeneficiario', [['sexo', '1'], ['dataNascimento', '1990-01-01'], ['municipioResidencia', '3106200']]], ['numeroRegistroPlano', '123456789']]],
          ['tipoEventoAtencao', '1'], ['origemEventoAtencao', '1'], ['numeroGuia_prestador', `G${i}`], ['numeroGuia_operadora', `G${i}`], ['identificacaoReembolso', '0'.repeat(20)],
          ['dataRealizacao', '2020-01-01'], ['dataProtocoloCobranca', '2020-01-02'], ['dataProcessamentoGuia', '2020-01-03'],
          ['valoresGuia', ['valorTotalInformado', 'valorProcessado', 'valorTotalPagoProcedimentos', 'valorTotalDiarias', 'valorTotalTaxas', 'valorTotalMateriais', 'valorTotalOPME', 'valorTotalMedicamentos', 'valorGlosaGuia', 'valorPagoGuia', 'valorPagoFornecedores', 'valorTotalTabelaPropria', 'valorTotalCoParticipacao'].map((v): No => [v, '1.00'])],
          ['procedimentos', [['identProcedimento', [['codigoTabela', '22'], ['Procedimento', [['codigoProcedimento', '10101012']]]]], ['quantidadeInformada', 1], ['valorInformado', '1.00'], ['quantidadePaga', 1], ['valorPagoProc', '1.00'], ['valorPagoFornecedor', '0.00'], ['valorCoParticipacao', '0.00']]],
        ],
      ];
      const files = arquivosMonitoramento('123456', '2020-01-01', '1.01.00', [guia(1), guia(2), guia(3), guia(4), guia(5)], new Date('2020-02-01T12:00:00Z'), 2);
      expect(files).toHaveLength(3);
      expect(files.map((f) => f.toString('latin1').match(/<ans:guiaMonitoramento>/g)?.length)).toEqual([2, 2, 1]);
      expect(files.map((f) => /<ans:numeroLote>(\d+)</.exec(f.toString('latin1'))?.[1])).toEqual(['2020010001', '2020010002', '2020010003']);
      for (const f of files) expect(validarXml(f, 'monitoramento-1.01.00')).toEqual([]);
    });

    it('refuses a user without the command, and a bad competência on both sides', async () => {
      const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: monitoramentoTiss.tipo, comando: monitoramentoTiss.comando, parametros: { competencia: '012020', versao: '1.01.00' } } });
      expect(res.statusCode).toBe(403);
      const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: monitoramentoTiss.tipo, comando: monitoramentoTiss.comando, parametros: { competencia: '132020', versao: '1.01.00' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Competência inválida');
    });
  });
  describe('SIB', () => {
    const ins = async (matricula: string, nome: string, extra: { cpf?: string | null; cns?: string | null; mae?: string; relacao?: string; titular?: number | null; nasc?: string; cco?: string | null }) => {
      const db = t.database.db;
      const [{ produto }] = await query<{ produto: number }>(db, sql`select id as produto from produtos where ativo order by id limit 1`);
      const [{ id }] = await query<{ id: number }>(
        db,
        sql`insert into beneficiarios (matricula, carteirinha, nome, nome_mae, sexo, data_nascimento, relacao_dependencia, titular, produto, data_adesao, situacao, cpf, cns, cidade, uf, cep, logradouro, numero, bairro, cco)
            values (${matricula}, ${`${matricula}000000`}, ${nome}, ${extra.mae ?? 'Helena Duarte Campos'}, '1', ${extra.nasc ?? '1975-06-01'}, ${extra.relacao ?? '1'}, ${extra.titular ?? null}, ${produto}, '2026-10-01', 'ATIVO',
              ${extra.cpf === undefined ? null : extra.cpf}, ${extra.cns ?? null}, ${BH}, 'MG', '30130000', 'Rua da Bahia', '100', 'Centro', ${extra.cco ?? null}) returning id`,
      );
      return id;
    };
    const trilha = (id: number, antes: object, depois: object) =>
      query(t.database.db, sql`insert into trilha_eventos (entidade, registro_id, acao, antes, depois) values ('beneficiario', ${String(id)}, 'update', ${JSON.stringify(antes)}::jsonb, ${JSON.stringify(depois)}::jsonb)`);
    const sibRun = async () => {
      const j = await run(sib.tipo, sib.comando, { competencia: '102026' });
      const bytes = await baixar(j.arquivos[0].id);
      return { j, xml: bytes.toString('latin1'), log: j.log.map((l) => l.mensagem).join('\n') };
    };
    const bloco = (xml: string, mov: string, matriculaOuCco: string) => {
      const re = new RegExp(`<ans:${mov}>(?:(?!</ans:${mov}>)[\\s\\S])*?${matriculaOuCco}[\\s\\S]*?</ans:${mov}>`);
      return re.exec(xml)?.[0];
    };
    let titular: number;
    let filho: number;
    let cpfRuim: number;
    let antigo: number;

    it('first file: the inclusions pending, with the critics keeping bad records out and listed', async () => {
      titular = await ins('6600000001', 'Rogério Campos Duarte', { cpf: '52998224725', cns: '898001160660842' });
      filho = await ins('6600000002', 'Davi Duarte Campos', { relacao: '4', titular, nasc: '2018-03-03' });
      cpfRuim = await ins('6600000003', 'Sônia Lima Prado', { cpf: '52998224726' });
      await ins('6600000004', 'Tadeu Nunes Reis', { cpf: '11144477735', mae: 'Ignorada' });
      // registered at the ANS before the portal recorded its files: only the trail tells what happened to it
      antigo = await ins('6600000005', 'Olga Matos Vieira', { cpf: '39053344705', cco: '000000987654' });
      const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: sib.tipo, comando: sib.comando, parametros: { competencia: '102026' } } });
      expect(prev.statusCode, prev.body).toBe(200);
      expect(prev.json().result.resumo).toMatch(/^[\d.]+ beneficiários? a conferir desde a última remessa/);
      const { j, xml, log } = await sibRun();
      expect(j.arquivos[0].nome).toMatch(new RegExp(`^${registro}\\d{14}\\.SBX$`));
      expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<ans:mensagemSIB xmlns:ans="http://www.ans.gov.br/padroes/sib/schemas">')).toBe(true);
      expect(conferirHash(xml, hashInformado(xml)!)).toBe('ISO-8859-1');
      expect(xml).toContain(`<ans:registroANS>${registro}</ans:registroANS>`);
      expect(xml).toContain('<ans:tipoTransacao>ATUALIZACAO SIB</ans:tipoTransacao>');
      const inc = bloco(xml, 'inclusao', '6600000001')!;
      expect(inc).toContain('<ans:cpf>52998224725</ans:cpf>');
      expect(inc).toContain('<ans:nome>ROGERIO CAMPOS DUARTE</ans:nome>');
      expect(inc).toContain('<ans:nomeMae>HELENA DUARTE CAMPOS</ans:nomeMae>');
      expect(inc).toContain(`<ans:codigoMunicipio>${BH}</ans:codigoMunicipio>`);
      expect(inc).toContain('<ans:relacaoDependencia>1</ans:relacaoDependencia>');
      expect(inc).not.toContain('<ans:cco>');
      // a child without CPF is fine; its titular has no CCO yet: the titular's code at the operator goes instead
      const dep = bloco(xml, 'inclusao', '6600000002')!;
      expect(dep).toContain('<ans:codigoBeneficiarioTitular>6600000001</ans:codigoBeneficiarioTitular>');
      expect(dep).not.toContain('<ans:cpf>');
      expect(xml).not.toContain('6600000003');
      expect(xml).not.toContain('6600000004');
      expect(xml).not.toContain('6600000005');
      expect(log).toContain('6600000003 Sônia Lima Prado (inclusão): CPF 52998224726 com dígito verificador que não confere');
      expect(log).toContain('6600000004 Tadeu Nunes Reis (inclusão): nome da mãe ausente ou genérico');
      const [r] = await query<{ movimento: string }>(t.database.db, sql`select movimento from remessas_ans_registros where chave = ${`b:${titular}`}`);
      expect(r.movimento).toBe('inclusao');
    });

    it('next file: only what changed since — retificação, cancelamento by the trail, the refused one once fixed', async () => {
      const db = t.database.db;
      // the ANS's return gave the CCO (not a change to report); then the name was corrected
      await query(db, sql`update beneficiarios set cco = '000000111111' where id = ${titular}`);
      await query(db, sql`update beneficiarios set nome = 'Rogério Campos Duarte Filho' where id = ${titular}`);
      await trilha(titular, { nome: 'Rogério Campos Duarte' }, { nome: 'Rogério Campos Duarte Filho' });
      await query(db, sql`update beneficiarios set cpf = '52998224725' where id = ${cpfRuim}`);
      await trilha(cpfRuim, { cpf: '52998224726' }, { cpf: '52998224725' });
      await query(db, sql`update beneficiarios set situacao = 'CANCELADO', data_situacao = '2026-10-20', motivo_cancelamento = '41' where id = ${antigo}`);
      await trilha(antigo, { situacao: 'ATIVO' }, { situacao: 'CANCELADO', dataSituacao: '2026-10-20', motivoCancelamento: '41' });
      const { xml, log } = await sibRun();
      const ret = bloco(xml, 'retificacao', '000000111111')!;
      expect(ret).toContain('<ans:nome>ROGERIO CAMPOS DUARTE FILHO</ans:nome>');
      expect(bloco(xml, 'inclusao', '6600000003')).toContain('<ans:cpf>52998224725</ans:cpf>');
      const canc = bloco(xml, 'cancelamento', '000000987654')!;
      expect(canc).toContain('<ans:dataCancelamento>2026-10-20</ans:dataCancelamento>');
      expect(canc).toContain('<ans:motivoCancelamento>41</ans:motivoCancelamento>');
      // the dependant did not change: not sent again; the generic mother's name is still refused
      expect(xml).not.toContain('6600000002');
      expect(log).toContain('6600000004 Tadeu Nunes Reis (inclusão): nome da mãe ausente ou genérico');
      expect(xml.match(/<ans:(inclusao|retificacao|mudancaContratual|cancelamento|reativacao)>/g)?.length).toBe(3);
    });

    it('a retificação without CCO is refused; nothing changed gives "sem movimento"; a user without the command is refused', async () => {
      const db = t.database.db;
      await query(db, sql`update beneficiarios set nome_mae = 'Cecília Nunes Reis' where matricula = '6600000004'`);
      await query(db, sql`update beneficiarios set bairro = 'Funcionários' where id = ${filho}`);
      await trilha(filho, { bairro: 'Centro' }, { bairro: 'Funcionários' });
      const a = await sibRun();
      expect(a.log).toContain('6600000002 Davi Duarte Campos (retificação): sem CCO');
      expect(bloco(a.xml, 'inclusao', '6600000004')).toContain('<ans:nomeMae>CECILIA NUNES REIS</ans:nomeMae>');
      await query(db, sql`update beneficiarios set cco = '000000222222' where id = ${filho}`);
      const b = await sibRun();
      expect(bloco(b.xml, 'retificacao', '000000222222')).toContain('<ans:bairro>FUNCIONARIOS</ans:bairro>');
      const c = await sibRun();
      expect(c.xml).toMatch(/<ans:operadoraParaANS>\s*<ans:beneficiarios>\s*<\/ans:beneficiarios>\s*<\/ans:operadoraParaANS>/);
      expect(c.log).toContain('sem movimento');
      const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: sib.tipo, comando: sib.comando, parametros: { competencia: '102026' } } });
      expect(res.statusCode).toBe(403);
    });
  });
  describe('SIP', () => {
    it('writes the quarter per contract type, UF and item from the billed events, hash over every character', async () => {
      const db = t.database.db;
      const [{ contratacao }] = await query<{ contratacao: string }>(db, sql`select p.contratacao from beneficiarios b join produtos p on p.id = b.produto where b.matricula = '7700000001'`);
      const codigo = { INDIVIDUAL: '1', EMPRESARIAL: '2', ADESAO: '3' }[contratacao]!;
      const j = await run(sip.tipo, sip.comando, { trimestre: '12020' });
      expect(j.arquivos[0].nome).toMatch(new RegExp(`^${registro}_31032020_\\d{14}\\.xsip$`));
      const bytes = await baixar(j.arquivos[0].id);
      const xml = bytes.toString('latin1');
      expect(xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>\n<ans:mensagemSIP xmlns:ans="http://www.ans.gov.br/padroes/sip/schemas">')).toBe(true);
      const hash = hashInformado(xml)!;
      expect(createHash('md5').update(Buffer.from(xml.replace(`<ans:hash>${hash}</ans:hash>`, '<ans:hash></ans:hash>'), 'latin1')).digest('hex')).toBe(hash);
      expect(xml).toContain('<ans:dataBase>2020-03-31</ans:dataBase>');
      // the guide of 05/01/2020: a consultation (item A, R$ 150,00 released) and 2 units of material (G, R$ 50,00);
      // the guide with an unknown card is left out
      const bloco = new RegExp(`<ans:tipoContratacao>${codigo}</ans:tipoContratacao>[\\s\\S]*?</ans:contratacao>`).exec(xml)![0];
      const mg = /<ans:sigla>MG<\/ans:sigla>[\s\S]*?<\/ans:uf>/.exec(bloco)![0];
      const itens = [...mg.matchAll(/<ans:codigo>(\w)<\/ans:codigo>\s*<ans:eventos>(\d+)<\/ans:eventos>\s*<ans:despesa>([\d.]+)<\/ans:despesa>/g)].map((m) => [m[1], m[2], m[3]]);
      expect(itens).toEqual([['A', '1', '150.00'], ['G', '2', '50.00']]);
      const [{ expostos }] = await query<{ expostos: number }>(
        db,
        sql`select count(*)::int as expostos from beneficiarios b join produtos p on p.id = b.produto where p.contratacao = ${contratacao} and b.data_adesao <= '2020-03-31'
            and (b.situacao <> 'CANCELADO' or b.data_situacao > '2020-03-31') and (b.fim_carencia is null or b.fim_carencia <= '2020-03-31')`,
      );
      expect(bloco).toContain(`<ans:beneficiariosExpostos>${expostos}</ans:beneficiariosExpostos>`);
      expect(j.log.map((l) => l.mensagem).join('\n')).toContain('1 registros do trimestre ficaram fora: beneficiario nao identificado.');
    });

    it('refuses a bad quarter and a user without the command', async () => {
      const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: sip.tipo, comando: sip.comando, parametros: { trimestre: '52020' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Trimestre inválido');
      const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: sip.tipo, comando: sip.comando, parametros: { trimestre: '12020' } } });
      expect(res.statusCode).toBe(403);
    });
  });
  describe('RPS', () => {
    it('sends the pending network movements once (RPI, RPE), then the registration changes of providers in network (RPA)', async () => {
      const db = t.database.db;
      const pend = await query<{ id: number; tipo: string; plano: string; doc: string }>(
        db,
        sql`select m.id, m.tipo, pr.registro_ans as plano, coalesce(p.cnpj, p.cpf) as doc from movimentos_rps m join rede_produtos rp on rp.id = m.vinculo_id join produtos pr on pr.id = rp.produto_id
            join prestadores p on p.id = rp.prestador_id where m.envio = 'PENDENTE' and coalesce(p.cnpj, p.cpf) is not null order by m.id`,
      );
      expect(pend.length).toBeGreaterThan(0);
      const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: rps.tipo, comando: rps.comando, parametros: {} } });
      const inc = pend.filter((m) => m.tipo === 'I').length;
      expect(prev.json().result.resumo).toBe(`${inc} inclusões (RPI), 0 alterações (RPA) e ${pend.length - inc} exclusões (RPE) vão para o arquivo do RPS e passam a "Enviado à ANS".`);
      const j = await run(rps.tipo, rps.comando, {});
      expect(j.arquivos[0].nome).toMatch(new RegExp(`^RPS_${registro}_\\d{14}\\.xml$`));
      const xml = (await baixar(j.arquivos[0].id)).toString('latin1');
      expect(conferirHash(xml, hashInformado(xml)!)).toBe('ISO-8859-1');
      expect(xml.match(/<ans:tipoMovimento>RPI<\/ans:tipoMovimento>/g)?.length ?? 0).toBe(inc);
      expect(xml.match(/<ans:tipoMovimento>RPE<\/ans:tipoMovimento>/g)?.length ?? 0).toBe(pend.length - inc);
      expect(xml).toContain(`<ans:cpfCnpj>${pend[0].doc}</ans:cpfCnpj>`);
      expect(xml).toContain(`<ans:numeroPlanoANS>${pend[0].plano}</ans:numeroPlanoANS>`);
      const [{ enviados }] = await query<{ enviados: number }>(db, sql`select count(*)::int as enviados from movimentos_rps where envio = 'ENVIADO' and id in (${sql.join(pend.map((m) => sql`${m.id}`), sql`, `)})`);
      expect(enviados).toBe(pend.length);
      const [{ trilhas }] = await query<{ trilhas: number }>(db, sql`select count(*)::int as trilhas from trilha_eventos where entidade = 'movimentorps' and depois->>'envio' = 'Enviado à ANS'`);
      expect(trilhas).toBe(pend.length);
      // nothing pending: no file
      const vazio = await run(rps.tipo, rps.comando, {});
      expect(vazio.arquivos).toHaveLength(0);
      // a provider in network changes its CNES: an alteração goes next
      const [p] = await query<{ id: number; nome: string }>(db, sql`select p.id, p.nome from prestadores p where p.cnpj is not null and exists (select 1 from rede_produtos rp where rp.prestador_id = p.id and rp.fim is null) order by p.id limit 1`);
      await query(db, sql`update prestadores set cnes = '7654321' where id = ${p.id}`);
      await query(db, sql`insert into trilha_eventos (entidade, registro_id, acao, antes, depois) values ('prestador', ${String(p.id)}, 'update', '{"cnes": null}'::jsonb, '{"cnes": "7654321"}'::jsonb)`);
      const alt = await run(rps.tipo, rps.comando, {});
      const ax = (await baixar(alt.arquivos[0].id)).toString('latin1');
      expect(ax.match(/<ans:alteracao>/g)).toHaveLength(1);
      expect(ax).toContain('<ans:cnes>7654321</ans:cnes>');
      const res = await beneficiario({ method: 'POST', url: '/api/execucoes', payload: { tipo: rps.tipo, comando: rps.comando, parametros: {} } });
      expect(res.statusCode).toBe(403);
    });
  });
  describe('Radar TISS', () => {
    it('counts the guides per month and provider by channel: XML lot, typed by the provider, paper typed by the operator', async () => {
      const db = t.database.db;
      const [{ prest }] = await query<{ prest: number }>(db, sql`select id as prest from prestadores where codigo = 'MON-1'`);
      const [{ op }] = await query<{ op: number }>(db, sql`select id as op from usuarios where not prestador order by id limit 1`);
      const [{ pu }] = await query<{ pu: number }>(db, sql`select id as pu from usuarios where prestador order by id limit 1`);
      const proto = async (numero: string, origem: string, usuario: number, guias: number) => {
        const [{ id }] = await query<{ id: number }>(db, sql`insert into protocolos_recebimento (numero, prestador_id, numero_lote, padrao, tipo_guia, qtd_guias, valor_informado_centavos, recebido_em, origem, usuario_id)
            values (${numero}, ${prest}, ${numero}, '4.03.00', 'CONSULTA', ${guias}, 0, '2020-05-12 10:00-03', ${origem}, ${usuario}) returning id`);
        for (let i = 1; i <= guias; i++) await query(db, sql`insert into guias_faturadas (protocolo_id, ordem, numero_guia_prestador, numero_carteira, data_atendimento, valor_informado_centavos) values (${id}, ${i}, ${`${numero}-${i}`}, '0', '2020-05-01', 0)`);
      };
      await proto('RAD000000001', 'XML', pu, 3);
      await proto('RAD000000002', 'PORTAL', pu, 2);
      await proto('RAD000000003', 'PORTAL', op, 1);
      const j = await run(radarTiss.tipo, radarTiss.comando, { inicio: '052020', fim: '052020' });
      expect(j.arquivos[0].nome).toBe('radar-tiss-202005-202005.csv');
      const csv = (await baixar(j.arquivos[0].id)).toString('utf8');
      const linhas = csv.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      expect(linhas[0].split(';')[0]).toBe('Competência AAAAMM (mês do recebimento)');
      expect(linhas.slice(1)).toEqual([`202005;${dados.cnpj};1234567;CLINICA MONITORADA LTDA;3;2;1;6;8333`, '202005;;;TOTAL;3;2;1;6;8333']);
      const bad = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: radarTiss.tipo, comando: radarTiss.comando, parametros: { inicio: '062020', fim: '052020' } } });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('A competência final não pode ser anterior à inicial.');
    });
  });
  describe('DIOPS cadastral', () => {
    it('names the operator fields missing, then writes the registration and the portfolio at the quarter’s end', async () => {
      const db = t.database.db;
      await query(db, sql`update operadoras set logradouro = null, telefone = null, representante_nome = null where id = (select min(id) from operadoras)`);
      const prev = await operadora({ method: 'POST', url: '/api/execucoes/previa', payload: { tipo: diopsCadastral.tipo, comando: diopsCadastral.comando, parametros: { trimestre: '32026' } } });
      expect(prev.json().result.resumo).toMatch(/^Preencha no cadastro da operadora \(Operadoras\) antes de gerar: Logradouro, .*Telefone, .*Representante legal junto à ANS/);
      const res = await operadora({ method: 'POST', url: '/api/execucoes', payload: { tipo: diopsCadastral.tipo, comando: diopsCadastral.comando, parametros: { trimestre: '32026' } } });
      const falhou = await waitForJob(operadora, res.json().result.id);
      expect(falhou.status).toBe('falhou');
      expect(falhou.erro).toContain('Preencha no cadastro da operadora');
      await query(
        db,
        sql`update operadoras set logradouro = 'Av. Afonso Pena', numero = '1500', bairro = 'Centro', cidade = ${BH}, cep = '30130005', telefone = '3132101000', email = 'ans@operadora.com.br',
              representante_nome = 'Marina Albuquerque', representante_cpf = '52998224725', representante_cargo = 'Diretora', diretor_tecnico_nome = 'Paulo Teixeira', diretor_tecnico_cpf = '39053344705',
              diretor_tecnico_crm = '12345', diretor_tecnico_uf_crm = 'MG', auditor_nome = null, auditor_cnpj = null
            where id = (select min(id) from operadoras)`,
      );
      const j = await run(diopsCadastral.tipo, diopsCadastral.comando, { trimestre: '32026' });
      expect(j.arquivos[0].nome).toBe(`DIOPS_CADASTRAL_${registro}_2026T3.xml`);
      const xml = (await baixar(j.arquivos[0].id)).toString('latin1');
      expect(conferirHash(xml, hashInformado(xml)!)).toBe('ISO-8859-1');
      expect(xml).toContain('<ans:dataBase>2026-09-30</ans:dataBase>');
      expect(xml).toContain(`<ans:codigoMunicipio>${BH}</ans:codigoMunicipio>`);
      expect(xml).toMatch(/<ans:representanteLegal>\s*<ans:nome>Marina Albuquerque<\/ans:nome>\s*<ans:cpf>52998224725<\/ans:cpf>/);
      expect(xml).not.toContain('auditorIndependente');
      const cart = await query<{ contratacao: string; n: number }>(
        db,
        sql`select p.contratacao, count(*)::int as n from beneficiarios b join produtos p on p.id = b.produto where b.data_adesao <= '2026-09-30' and (b.situacao <> 'CANCELADO' or b.data_situacao > '2026-09-30') group by 1`,
      );
      for (const c of cart) expect(xml).toMatch(new RegExp(`<ans:tipoContratacao>${{ INDIVIDUAL: 1, EMPRESARIAL: 2, ADESAO: 3 }[c.contratacao]}</ans:tipoContratacao>\\s*<ans:beneficiarios>${c.n}</ans:beneficiarios>`));
      expect(j.log.map((l) => l.mensagem).join('\n')).toContain('Auditor independente não informado em Operadoras');
    });
  });
});
