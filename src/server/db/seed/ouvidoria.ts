import { sql } from 'drizzle-orm';
import { adicionarDiasUteis, somarDias } from '../../../shared/dias-uteis';
import { todayIso } from '../../../shared/dates';
import { registroAnsDaOperadora } from '../../atendimentos/registro';
import { feriadosEntre } from '../../ouvidoria/prazos';
import type { Db } from '../client';
import { query } from '../sql';
import { DEMO_PESSOAS } from './people';

/**
 * The ombudsman's demo desk: three dozen manifestações over the last five months, so Acompanhar Manifestações and the
 * annual reports are not empty. Complaints most of all (authorizations, the network, reimbursement), some requests,
 * a denúncia, suggestions and praise; the recent ones still open (some past their 7 business days), the older ones
 * answered — most in time, a few late, one extended to 30 days — and rated or closed; one reopened. Each protocol
 * is the operator's RN 623 protocol, after the service desk's contacts of the same day (one counter per day).
 */

const CASOS: [tipo: string, assunto: string, descricao: string, resposta: string][] = [
  ['RECLAMACAO', 'AUTORIZACAO', 'Minha ressonância de joelho foi negada por falta de relatório, mas o relatório do ortopedista foi anexado. Já liguei na central e não resolveram.', 'A auditoria reviu o pedido com o relatório anexado e autorizou o exame. A senha foi enviada ao prestador e está disponível no portal.'],
  ['RECLAMACAO', 'REDE', 'Não consigo marcar consulta com dermatologista credenciado em Contagem: todos informam agenda só para daqui a três meses.', 'Verificamos a rede e agendamos a consulta em clínica credenciada de Belo Horizonte, dentro do prazo da RN 566. A data foi informada por telefone.'],
  ['SOLICITACAO', 'REEMBOLSO', 'Pedi reembolso das sessões de fonoaudiologia do meu filho há 40 dias e ainda não recebi nem resposta.', 'O reembolso foi processado e o pagamento será creditado na conta informada em até 5 dias úteis. O demonstrativo está disponível no portal.'],
  ['RECLAMACAO', 'FINANCEIRO', 'Fui cobrada de coparticipação de uma consulta que não realizei no dia 12. Já contestei na central sem solução.', 'A cobrança foi lançada por engano pelo prestador e será estornada no próximo boleto. Pedimos desculpas pelo transtorno.'],
  ['ELOGIO', 'ATENDIMENTO', 'Quero elogiar a atendente que me ajudou a resolver a inclusão do meu bebê no plano, muito atenciosa.', 'Agradecemos o seu elogio, que foi repassado à equipe da central de atendimento.'],
  ['RECLAMACAO', 'CARTEIRINHA', 'A carteirinha virtual da minha dependente não aparece no aplicativo e o laboratório recusou o atendimento.', 'O cadastro da dependente foi corrigido e a carteirinha virtual já aparece no aplicativo. O laboratório foi orientado a consultar a elegibilidade pelo portal.'],
  ['SUGESTAO', 'OUTRO', 'Sugiro que o aplicativo avise quando uma autorização for liberada, para não precisar ligar na central.', 'Obrigado pela sugestão: o aviso de autorização liberada está no planejamento do aplicativo para o próximo semestre.'],
  ['RECLAMACAO', 'AUTORIZACAO', 'A cirurgia da minha mãe está parada em análise há mais de dez dias úteis e o hospital não marca a data.', 'A auditoria concluiu a análise e autorizou a cirurgia. O hospital recebeu a senha e entrará em contato para o agendamento.'],
  ['DENUNCIA', 'REDE', 'O consultório credenciado está cobrando uma taxa por fora para consultas pelo plano.', 'A denúncia foi apurada com o prestador, que foi notificado. A cobrança indevida será devolvida ao beneficiário.'],
  ['CONSULTA', 'CADASTRO', 'Quais documentos preciso para incluir meu marido como dependente no plano?', 'São necessários a certidão de casamento ou a declaração de união estável, o RG e o CPF do cônjuge. O pedido pode ser feito pelo portal em Adesão de Dependente Familiar.'],
  ['RECLAMACAO', 'ATENDIMENTO', 'Fiquei 40 minutos esperando na central telefônica e a ligação caiu duas vezes.', 'Lamentamos a espera. Reforçamos a equipe no horário de pico e um atendente retornou a sua ligação para resolver a demanda.'],
  ['SOLICITACAO', 'AUTORIZACAO', 'Peço a reanálise da negativa do exame PET-CT solicitado pelo oncologista do meu pai.', 'O pedido foi reanalisado pela auditoria médica com o parecer do oncologista e o exame foi autorizado.'],
];
const CANAIS = ['TELEFONE', 'PORTAL', 'EMAIL', 'TELEFONE', 'PRESENCIAL', 'PORTAL', 'CARTA'];
const AREAS: Record<string, string> = { AUTORIZACAO: 'AUTORIZACAO', REDE: 'REDE', REEMBOLSO: 'REEMBOLSO', FINANCEIRO: 'FINANCEIRO', CARTEIRINHA: 'CADASTRO', CADASTRO: 'CADASTRO', ATENDIMENTO: 'ATENDIMENTO', OUTRO: 'ATENDIMENTO' };
export const SEED_MANIFESTACOES = 36;

export async function seedOuvidoria(db: Db): Promise<void> {
  const registroAns = await registroAnsDaOperadora(db);
  const hoje = todayIso();
  const inicio = somarDias(hoje, -160);
  const feriados = await feriadosEntre(db, inicio, somarDias(hoje, 60));
  const [ouvidor] = await query<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where login = 'ouvidoria'`);
  const benefs = await query<{ id: number; nome: string }>(
    db,
    sql`(select id, nome from beneficiarios where cpf = ${DEMO_PESSOAS.titular.cpf})
      union all (select id, nome from beneficiarios where situacao = 'ATIVO' and cpf <> ${DEMO_PESSOAS.titular.cpf} order by id limit ${SEED_MANIFESTACOES})`,
  );
  const contadores = new Map<string, number>(
    (await query<{ dia: string; ultimo: number }>(db, sql`select to_char(dia, 'YYYY-MM-DD') as dia, ultimo from atendimento_numeracao where dia >= ${inicio}`)).map((r) => [r.dia, Number(r.ultimo)]),
  );
  const uteis = (de: string, n: number) => adicionarDiasUteis(de, n, feriados);
  const ehUtil = (d: string) => ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()) && !feriados.has(d);

  for (let i = 0; i < SEED_MANIFESTACOES; i++) {
    const [tipo, assunto, descricao, resposta] = CASOS[(i * 5) % CASOS.length];
    const b = benefs[i % benefs.length];
    // spread over the last five months, the newest first; a weekend or holiday moves to the business day before
    let dia = somarDias(hoje, -Math.round(i * 4.4 + (i % 3)));
    while (!ehUtil(dia)) dia = somarDias(dia, -1);
    const idade = Math.round((Date.parse(hoje) - Date.parse(dia)) / 86_400_000);
    const prorrogada = i === 17;
    const prazo = uteis(dia, prorrogada ? 30 : 7);
    // recent ones open (those past 7 business days are late); older ones answered, a few after the deadline
    const aberta = idade <= 6 || (idade <= 20 && i % 3 === 0);
    const diasResposta = [2, 4, 6, 5, 3, 9, 7, 1, 11, 4][i % 10] + (prorrogada ? 12 : 0);
    let respondida = aberta ? null : uteis(dia, diasResposta);
    if (respondida && respondida > hoje) respondida = hoje;
    const status = aberta ? (i % 4 === 0 ? 'REGISTRADA' : i % 4 === 1 ? 'AGUARDANDO_AREA' : 'EM_ANALISE') : i % 9 === 4 ? 'REABERTA' : i % 3 === 0 ? 'RESPONDIDA' : 'ENCERRADA';
    const avaliada = status === 'ENCERRADA' && i % 4 !== 3;
    const satisfacao = avaliada ? (diasResposta > 7 ? [2, 1, 3][i % 3] : [5, 4, 5, 3][i % 4]) : null;
    const seq = (contadores.get(dia) ?? 0) + 1;
    contadores.set(dia, seq);
    const protocolo = `${registroAns}${dia.replaceAll('-', '')}${String(seq).padStart(6, '0')}`;
    const hora = `${String(8 + (i % 9)).padStart(2, '0')}:${String((i * 17) % 60).padStart(2, '0')}`;
    const canal = CANAIS[i % CANAIS.length];
    const area = status === 'AGUARDANDO_AREA' ? AREAS[assunto] : null;
    const [{ id }] = await query<{ id: number }>(
      db,
      sql`insert into manifestacoes (protocolo, status, beneficiario_id, beneficiario_nome, tipo, assunto, descricao, canal, contato, protocolo_primeira_instancia,
          prazo, justificativa_prorrogacao, area, resposta, respondida_em, satisfacao, registrada_por_id, registrada_por, criado_em, atualizado_em, version)
        values (${protocolo}, ${status}, ${b.id}, ${b.nome}, ${tipo}, ${assunto}, ${descricao}, ${canal}, 'PORTAL',
          ${tipo === 'RECLAMACAO' || tipo === 'SOLICITACAO' ? `${registroAns}${somarDias(dia, -3).replaceAll('-', '')}${String(100 + i).padStart(6, '0')}` : null},
          ${prazo}, ${prorrogada ? 'Caso complexo: depende do parecer da auditoria médica e do prestador.' : null}, ${area},
          ${respondida ? resposta : null}, ${respondida ? sql`(${respondida}::date + time '16:20') at time zone 'America/Sao_Paulo'` : null}, ${satisfacao},
          ${canal === 'PORTAL' ? null : ouvidor.id}, ${canal === 'PORTAL' ? b.nome : ouvidor.nome}, (${dia}::date + ${hora}::time) at time zone 'America/Sao_Paulo', null, 1)
        returning id`,
    );
    // the history that leads to the status
    const passos: [acao: string, de: string | null, para: string, dia: string, interna: boolean, nota: string | null, area: string | null][] = [['registrar', null, 'REGISTRADA', dia, false, null, null]];
    if (status !== 'REGISTRADA') passos.push(['analisar', 'REGISTRADA', 'EM_ANALISE', uteis(dia, 1) > hoje ? dia : uteis(dia, 1), true, null, null]);
    if (prorrogada) passos.push(['prorrogar', 'EM_ANALISE', 'EM_ANALISE', uteis(dia, 2), false, 'Caso complexo: depende do parecer da auditoria médica e do prestador.', null]);
    if (status === 'AGUARDANDO_AREA' || (respondida && i % 2 === 0)) {
      const diaArea = uteis(dia, 1) > hoje ? dia : uteis(dia, 1);
      passos.push(['encaminhar', 'EM_ANALISE', 'AGUARDANDO_AREA', diaArea, true, 'Pedimos à área o parecer e a solução para responder ao beneficiário.', AREAS[assunto]]);
      if (respondida) passos.push(['retornar', 'AGUARDANDO_AREA', 'EM_ANALISE', respondida, true, 'A área respondeu com a solução adotada.', null]);
    }
    if (respondida) passos.push(['responder', 'EM_ANALISE', 'RESPONDIDA', respondida, true, null, null]);
    if (status === 'ENCERRADA') passos.push([avaliada ? 'avaliar' : 'encerrar', 'RESPONDIDA', 'ENCERRADA', respondida!, !avaliada, null, null]);
    if (status === 'REABERTA') passos.push(['reabrir', 'RESPONDIDA', 'REABERTA', respondida!, false, 'A solução informada não foi cumprida pelo prestador.', null]);
    const ultimo = passos.length;
    for (const [k, [acao, de, para, d, interna, nota, ar]] of passos.entries()) {
      const familia = acao === 'avaliar' || acao === 'reabrir';
      await db.execute(
        sql`insert into manifestacao_historico (manifestacao_id, em, usuario_id, usuario_nome, acao, de, para, area, interna, nota)
          values (${id}, (${d}::date + ${hora}::time + make_interval(mins => ${k * 37})) at time zone 'America/Sao_Paulo', ${familia || (acao === 'registrar' && canal === 'PORTAL') ? null : ouvidor.id},
            ${familia || (acao === 'registrar' && canal === 'PORTAL') ? b.nome : ouvidor.nome}, ${acao}, ${de}, ${para}, ${ar}, ${interna}, ${nota})`,
      );
    }
    if (ultimo > 1) await db.execute(sql`update manifestacoes set version = ${ultimo}, atualizado_em = (select max(em) from manifestacao_historico where manifestacao_id = ${id}) where id = ${id}`);
  }
  // the day counters continue after the manifestações
  for (const [dia, ultimo] of contadores) {
    await db.execute(sql`insert into atendimento_numeracao (dia, ultimo) values (${dia}, ${ultimo}) on conflict (dia) do update set ultimo = greatest(atendimento_numeracao.ultimo, excluded.ultimo)`);
  }
}
