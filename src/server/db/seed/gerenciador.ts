import { sql } from 'drizzle-orm';
import { CONTEXTO_GERENCIADOR } from '../../../shared/gerenciador';
import type { Db } from '../client';
import { dbFileStore } from '../../files/store';
import { query } from '../sql';
import { pdfCurto } from './documentos';
import { linha } from '../../../shared/processos/layout';
import { LAYOUT_BRASINDICE } from '../../../shared/processos/precos';
import { BRASINDICE_MATERIAIS, BRASINDICE_MEDICAMENTOS, type BrasindiceSemente } from './catalogo';

/**
 * The shared file manager's demo content (the same in every seed size, a handful of small files): what an operator's
 * back office keeps at hand — contracts, price tables (real TUSS codes) and manuals — sent by the demo operator and
 * the administrator over the last weeks. PDFs drawn here with pdfkit; CSVs in the ';' layout a spreadsheet opens.
 */

/** A short A4 PDF of the operator's own. */
const pdf = (titulo: string, paragrafos: string[]) => pdfCurto(titulo, { autor: 'Operadora de Saúde', linha: 'Operadora de Saúde — documento de uso interno' }, paragrafos);

/**
 * The Brasíndice edition 2026/01 in the layout the import accepts: the seeded medicines with the CMED's yearly
 * adjustment (4,5 % on PMC and PF, rounded to the centavo), the materials at the same prices, and two new
 * presentations of a catheter; one line with the factory price above the PMC, as a supplier's file sometimes has.
 */
function edicaoBrasindice(): Buffer {
  const reg = LAYOUT_BRASINDICE.registros[0];
  const ajuste = (c: number) => Math.round((c * 1045) / 1000);
  const de = (tipo: 'MED' | 'MAT', b: BrasindiceSemente, pmc: number, pf: number) => {
    const [descricao, apresentacao = ''] = b.descricao.split(' - ');
    return linha(reg, { tipo, codigoLaboratorio: b.codigoLaboratorio, codigoItem: b.codigoItem, codigoApresentacao: b.codigoApresentacao, codigoTuss: b.codigoTuss, descricao, laboratorio: b.laboratorio, apresentacao, pmc, pf, edicao: '202601', vigencia: '2026-01-01' });
  };
  const novo = (apres: string, calibre: string, pmc: number) =>
    linha(reg, { tipo: 'MAT', codigoLaboratorio: '412', codigoItem: '07731', codigoApresentacao: apres, codigoTuss: '', descricao: `Cateter intravenoso periférico ${calibre}`, laboratorio: 'BD', apresentacao: 'Unidade estéril', pmc, pf: Math.round(pmc / 1.38), edicao: '202601', vigencia: '2026-01-01' });
  const linhas = [
    ...BRASINDICE_MEDICAMENTOS.map((b) => de('MED', b, ajuste(b.pmc), ajuste(b.pfb))),
    ...BRASINDICE_MATERIAIS.map((b) => de('MAT', b, b.pmc, b.pfb)),
    novo('0002', '22G', 412),
    novo('0003', '24G', 430),
  ];
  const m = BRASINDICE_MATERIAIS[0];
  linhas.push(de('MAT', { ...m, codigoApresentacao: '9999' }, m.pmc, m.pmc + 100));
  return Buffer.from(`${linhas.join('\r\n')}\r\n`, 'latin1');
}

const csv = (linhas: string[][]) => Buffer.from(`${linhas.map((l) => l.join(';')).join('\r\n')}\r\n`, 'utf8');

interface PastaDemo {
  nome: string;
  dias: number;
  por: 'operadora' | 'admin';
  pastas?: PastaDemo[];
  arquivos?: { nome: string; dias: number; por: 'operadora' | 'admin'; conteudo: () => Promise<Buffer> | Buffer }[];
}

const DEMO: PastaDemo[] = [
  {
    nome: 'Contratos',
    dias: 40,
    por: 'admin',
    arquivos: [
      {
        nome: 'Contrato padrão de credenciamento de prestadores.pdf',
        dias: 38,
        por: 'admin',
        conteudo: () =>
          pdf('Contrato de credenciamento de prestadores de serviços de saúde', [
            'Cláusula 1ª — Do objeto. O presente contrato tem por objeto a prestação de serviços de assistência à saúde aos beneficiários da OPERADORA, nos limites da cobertura de cada plano e do Rol de Procedimentos e Eventos em Saúde da ANS.',
            'Cláusula 2ª — Da remuneração. Os serviços serão remunerados conforme a tabela de preços anexa, com os códigos da Terminologia Unificada da Saúde Suplementar (TUSS), mediante apresentação das guias no padrão TISS.',
            'Cláusula 3ª — Do reajuste. Os valores serão reajustados anualmente, na data de aniversário do contrato, pelo índice definido em termo aditivo, observada a Lei nº 13.003/2014.',
            'Cláusula 4ª — Da vigência. Este contrato vigora por prazo indeterminado, podendo ser rescindido por qualquer das partes com aviso prévio de 60 (sessenta) dias.',
          ]),
      },
      {
        nome: 'Termo aditivo de reajuste 2025.pdf',
        dias: 12,
        por: 'operadora',
        conteudo: () =>
          pdf('Termo aditivo nº 3 — reajuste anual 2025', [
            'As partes acordam o reajuste de 4,8% (quatro inteiros e oito décimos por cento) sobre os valores da tabela de honorários e de serviços auxiliares de diagnóstico e terapia, a partir da competência 03/2025.',
            'Permanecem inalteradas as demais cláusulas do contrato de credenciamento.',
          ]),
      },
    ],
    pastas: [
      {
        nome: 'Empresas contratantes',
        dias: 30,
        por: 'operadora',
        arquivos: [
          {
            nome: 'Modelo de contrato coletivo empresarial.pdf',
            dias: 29,
            por: 'operadora',
            conteudo: () =>
              pdf('Contrato de plano privado de assistência à saúde — coletivo empresarial', [
                'A CONTRATANTE oferece o plano aos seus empregados e sócios, e aos respectivos dependentes, na forma da RN nº 557/2022 da ANS.',
                'A inclusão de beneficiários será feita por meio de movimentação cadastral mensal, até o dia 20 de cada mês, para início de cobertura no primeiro dia do mês seguinte.',
              ]),
          },
        ],
      },
    ],
  },
  {
    nome: 'Tabelas de preço',
    dias: 35,
    por: 'operadora',
    arquivos: [
      {
        nome: 'Tabela de honorários e SADT 2025.csv',
        dias: 11,
        por: 'operadora',
        conteudo: () =>
          csv([
            ['Código TUSS', 'Procedimento', 'Valor (R$)'],
            ['10101012', 'Consulta em consultório (no horário normal ou preestabelecido)', '120,00'],
            ['40304361', 'Hemograma com contagem de plaquetas ou frações (eritrograma, leucograma, plaquetas)', '14,80'],
            ['40301630', 'Creatinina - pesquisa e/ou dosagem', '6,20'],
            ['40302040', 'Glicose - pesquisa e/ou dosagem', '5,90'],
            ['40801020', 'RX - Crânio - 3 incidências', '58,40'],
            ['40808041', 'Mamografia digital bilateral', '142,00'],
            ['40901114', 'US - Mamas', '98,50'],
            ['41001079', 'TC - Tórax', '385,00'],
          ]),
      },
      {
        nome: 'Tabela de procedimentos cirúrgicos 2025.csv',
        dias: 11,
        por: 'operadora',
        conteudo: () =>
          csv([
            ['Código TUSS', 'Procedimento', 'Porte', 'Valor (R$)'],
            ['31009166', 'Herniorrafia umbilical', '5B', '1.180,00'],
            ['20104090', 'Curativo de extremidades de origem vascular', '1A', '64,00'],
          ]),
      },
    ],
    // the magazine's next edition, to try Atualização do Brasíndice (/util/processo/brasindice) with
    pastas: [{ nome: 'Brasíndice', dias: 6, por: 'operadora', arquivos: [{ nome: 'Brasíndice edição 2026-01.txt', dias: 6, por: 'operadora', conteudo: edicaoBrasindice }] }],
  },
  {
    nome: 'Manuais',
    dias: 45,
    por: 'admin',
    arquivos: [
      {
        nome: 'Manual do beneficiário.pdf',
        dias: 44,
        por: 'admin',
        conteudo: () =>
          pdf('Manual do beneficiário', [
            'Carteirinha: apresente a carteirinha (física ou virtual) e um documento com foto em todo atendimento.',
            'Autorizações: exames de alta complexidade, internações e terapias precisam de autorização prévia. O prazo de resposta segue a RN nº 566/2022 da ANS.',
            'Central de atendimento: 0800 000 0000, todos os dias, 24 horas. Ouvidoria: pelo portal, em Ouvidoria › Registro de manifestação.',
          ]),
      },
      {
        nome: 'Manual de faturamento TISS para prestadores.pdf',
        dias: 20,
        por: 'operadora',
        conteudo: () =>
          pdf('Manual de faturamento — padrão TISS', [
            'Envie os lotes de guias até o 5º dia útil do mês seguinte ao atendimento, no padrão TISS vigente, um lote por tipo de guia.',
            'Guias sem autorização, quando exigida, ou com código TUSS fora da tabela contratada serão glosadas. O recurso de glosa pode ser apresentado em até 30 dias.',
          ]),
      },
    ],
  },
];

export async function seedGerenciador(db: Db) {
  const users = await query<{ id: number; login: string; nome: string }>(db, sql`select id, login, nome from usuarios where login in ('operadora', 'admin')`);
  const by = new Map(users.map((u) => [u.login, u]));
  // a working hour of São Paulo `dias` ago (the demo reads as sent during office hours, whatever the clock now)
  const em = (dias: number, minutos: number) =>
    sql`(date_trunc('day', now() at time zone 'America/Sao_Paulo') - make_interval(days => ${dias}) + make_interval(mins => ${minutos})) at time zone 'America/Sao_Paulo'`;
  let minuto = 8 * 60 + 40;
  const proximaHora = () => (minuto = minuto >= 17 * 60 ? 8 * 60 + 40 : minuto + 47);
  async function pasta(p: PastaDemo, paiId: number | null) {
    const u = by.get(p.por)!;
    proximaHora();
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into pastas (nome, pai_id, criado_por_id, criado_por_nome, criado_em, atualizado_em)
          values (${p.nome}, ${paiId}, ${u.id}, ${u.nome}, ${em(p.dias, minuto)}, ${em(p.dias, minuto)}) returning id`,
    );
    for (const a of p.arquivos ?? []) {
      const f = await dbFileStore.save(db, { nome: a.nome, conteudo: await a.conteudo(), contexto: CONTEXTO_GERENCIADOR, contextoId: id, donoId: by.get(a.por)!.id });
      await db.execute(sql`update arquivos set criado_em = ${em(a.dias, proximaHora())} where id = ${f.id}`);
    }
    for (const filha of p.pastas ?? []) await pasta(filha, id);
  }
  for (const p of DEMO) await pasta(p, null);
}
