import { sql } from 'drizzle-orm';
import { somarDias } from '../../../shared/dias-uteis';
import { todayIso } from '../../../shared/dates';
import { formatDocument } from '../../../shared/validation/br';
import { proximoProtocolo, registroAnsDaOperadora } from '../../atendimentos/registro';
import { dbFileStore } from '../../files/store';
import type { Db } from '../client';
import { query } from '../sql';
import { cpfDeBase as cpf, pdfCurto } from './documentos';
import { DEMO_PESSOAS } from './people';

/**
 * The membership desk's demo (Adesão de Dependente Familiar): eight requests of the last month, asked at the service
 * desk for families other than the demo ones (whose titular asks for herself in the tests). Five newborns, spouses and
 * a stepchild wait for the analysis; two were refused with the reason the family reads; one the titular gave up. Each
 * carries the scanned documents the desk received (small PDFs drawn here) and the operator's RN 623 protocol of its
 * day, after the service desk's contacts of that day (the same counter).
 */

interface Caso {
  dias: number;
  relacao: '3' | '4' | '6';
  nome: string;
  sexo: '1' | '3';
  /** Age in days on the request's day (a newborn: a few). */
  idadeDias: number;
  status: 'SOLICITADA' | 'RECUSADA' | 'CANCELADA';
  observacao: string;
  motivo?: string;
  documentos: string[];
}

const CASOS: Caso[] = [
  { dias: 1, relacao: '4', nome: 'Alice', sexo: '3', idadeDias: 9, status: 'SOLICITADA', observacao: 'Inclusão da recém-nascida dentro dos 30 dias do nascimento, sem carência (Lei 9.656, art. 12).', documentos: ['Certidão de nascimento', 'Declaração de Nascido Vivo'] },
  { dias: 2, relacao: '3', nome: 'Mariana', sexo: '3', idadeDias: 11_800, status: 'SOLICITADA', observacao: 'Inclusão da esposa, casamento em outubro.', documentos: ['Certidão de casamento', 'Documento de identidade e CPF'] },
  { dias: 4, relacao: '4', nome: 'Miguel', sexo: '1', idadeDias: 14, status: 'SOLICITADA', observacao: 'Recém-nascido: a família pede a carteirinha com urgência para a consulta do pediatra.', documentos: ['Certidão de nascimento'] },
  { dias: 7, relacao: '6', nome: 'Laura', sexo: '3', idadeDias: 3_900, status: 'SOLICITADA', observacao: 'Enteada que vive com o titular; guarda compartilhada com a mãe.', documentos: ['Certidão de nascimento', 'Termo de guarda', 'Certidão de casamento do titular'] },
  { dias: 9, relacao: '3', nome: 'Rodrigo', sexo: '1', idadeDias: 13_100, status: 'SOLICITADA', observacao: 'Companheiro em união estável há 4 anos.', documentos: ['Escritura de união estável', 'Documento de identidade e CPF'] },
  { dias: 16, relacao: '4', nome: 'Heitor', sexo: '1', idadeDias: 40, status: 'RECUSADA', observacao: 'Inclusão do filho.', motivo: 'A certidão de nascimento enviada está ilegível. Envie uma nova solicitação com a cópia legível da certidão.', documentos: ['Certidão de nascimento'] },
  { dias: 21, relacao: '3', nome: 'Patrícia', sexo: '3', idadeDias: 12_400, status: 'RECUSADA', observacao: 'Inclusão da companheira.', motivo: 'Falta o comprovante da união estável (escritura pública ou declaração com duas testemunhas). Envie uma nova solicitação com o documento.', documentos: ['Documento de identidade e CPF'] },
  { dias: 27, relacao: '4', nome: 'Valentina', sexo: '3', idadeDias: 2_200, status: 'CANCELADA', observacao: 'Inclusão da filha.', motivo: 'Desistência do titular: a filha continuará no plano da mãe.', documentos: ['Certidão de nascimento'] },
];

/** A one-page PDF standing for the scanned document the desk received. */
const documento = (titulo: string, linhas: string[]) => pdfCurto(titulo, { autor: 'Central de atendimento', linha: 'Cópia digitalizada recebida pela central de atendimento' }, linhas);

export async function seedAdesoes(db: Db): Promise<void> {
  const registroAns = await registroAnsDaOperadora(db);
  const hoje = todayIso();
  const [op] = await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'operadora'`);
  const demo = [DEMO_PESSOAS.titular, DEMO_PESSOAS.dependente, DEMO_PESSOAS.suspenso, DEMO_PESSOAS.carencia, DEMO_PESSOAS.cancelado].map((p) => p.matricula);
  // active titulars of other families, each with the spouse rule in mind: a spouse only where the family has none
  const titulares = await query<{ id: number; nome: string; sexo: string; sobrenome: string; conjuge: string | null }>(
    db,
    sql`select b.id, b.nome, b.sexo, regexp_replace(b.nome, '^\\S+\\s+', '') as sobrenome,
          (select c.nome from beneficiarios c where c.titular = b.id and c.relacao_dependencia = '3' and c.situacao <> 'CANCELADO' limit 1) as conjuge
        from beneficiarios b
        where b.relacao_dependencia = '1' and b.titular is null and b.situacao = 'ATIVO'
          and b.matricula not in (${sql.join(demo.map((m) => sql`${m}`), sql`, `)})
        order by b.id limit 40`,
  );
  const semConjuge = titulares.filter((t) => !t.conjuge);
  const comConjuge = titulares.filter((t) => t.conjuge);
  const usados = new Set<number>();
  let serie = 0;
  for (const [i, c] of CASOS.entries()) {
    // a spouse goes to a family without one, of the other sex; a child preferably to a family with both parents; one
    // request per family
    const livres = (ts: typeof titulares) => ts.filter((x) => !usados.has(x.id));
    const t = c.relacao === '3' ? livres(semConjuge).find((x) => x.sexo !== c.sexo) : (livres(comConjuge)[0] ?? livres(semConjuge)[0]);
    if (!t) continue;
    usados.add(t.id);
    const titularNome = t.nome;
    const dia = somarDias(hoje, -c.dias);
    const nascimento = somarDias(dia, -c.idadeDias);
    const nome = c.relacao === '3' ? `${c.nome} ${['Ferreira', 'Antunes', 'Moreira', 'Queiroz'][i % 4]} ${t.sobrenome.split(' ').pop()}` : `${c.nome} ${t.sobrenome}`;
    const mae = c.relacao === '3' ? `Maria ${['Aparecida', 'das Graças', 'José', 'Helena'][i % 4]} ${['Ferreira', 'Antunes', 'Moreira', 'Queiroz'][i % 4]}` : t.sexo === '3' ? titularNome : (t.conjuge ?? `Fernanda Ribeiro ${t.sobrenome.split(' ').pop()}`);
    // a CPF no one in the registry has (the demo's 200,000 people have generated ones)
    let doc = cpf(String(731_004_200 + (serie += 37)));
    while ((await query(db, sql`select 1 from beneficiarios where cpf = ${doc} limit 1`)).length) doc = cpf(String(731_004_200 + (serie += 37)));
    const protocolo = await proximoProtocolo(db, registroAns, dia);
    const criado = sql`(${dia}::date + make_interval(hours => ${9 + (i % 7)}, mins => ${(i * 13) % 60})) at time zone 'America/Sao_Paulo'`;
    const decidido = sql`(${somarDias(dia, c.status === 'CANCELADA' ? 1 : 2)}::date + make_interval(hours => 14, mins => ${(i * 7) % 60})) at time zone 'America/Sao_Paulo'`;
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into solicitacoes_adesao (protocolo, status, titular_id, titular_nome, nome, cpf, data_nascimento, sexo, relacao_dependencia, nome_mae,
            observacao, motivo, solicitada_por_id, solicitada_por, criado_em, atualizado_em, version)
          values (${protocolo}, ${c.status}, ${t.id}, ${titularNome}, ${nome}, ${doc}, ${nascimento}, ${c.sexo}, ${c.relacao}, ${mae},
            ${c.observacao}, ${c.motivo ?? null}, ${op.id}, ${op.nome}, ${criado}, ${c.status === 'SOLICITADA' ? null : decidido}, ${c.status === 'SOLICITADA' ? 1 : 2})
          returning id`,
    );
    await db.execute(
      sql`insert into solicitacao_adesao_historico (solicitacao_id, em, usuario_id, usuario_nome, acao, de, para, nota)
          values (${id}, ${criado}, ${op.id}, ${op.nome}, 'solicitar', null, 'SOLICITADA', ${c.observacao})`,
    );
    if (c.status !== 'SOLICITADA') {
      const acao = c.status === 'RECUSADA' ? 'recusar' : 'cancelar';
      await db.execute(
        sql`insert into solicitacao_adesao_historico (solicitacao_id, em, usuario_id, usuario_nome, acao, de, para, nota)
            values (${id}, ${decidido}, ${op.id}, ${op.nome}, ${acao}, 'SOLICITADA', ${c.status}, ${c.motivo ?? null})`,
      );
    }
    for (const d of c.documentos) {
      const conteudo = await documento(d, [`Nome: ${d.includes('casamento do titular') ? titularNome : nome}`, `CPF: ${formatDocument('cpf', doc)}`, `Data de nascimento: ${nascimento.split('-').reverse().join('/')}`, `Filiação: ${mae}`]);
      const f = await dbFileStore.save(db, { nome: `${d}.pdf`, conteudo, contexto: 'envio', contextoId: null, donoId: op.id });
      await db.execute(sql`insert into solicitacao_adesao_anexos (solicitacao_id, arquivo_id) values (${id}, ${f.id})`);
    }
  }
}
