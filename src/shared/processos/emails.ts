import { f, uf, type RuleIssue, type Values } from '../resources/define';
import { defineProcesso } from './define';

/**
 * Mala direta to providers (spec §2 /util/processo: email-prestador-ativo, envio-email-prestador): each run writes
 * its messages to the outbox (table `emails`) first; they go out through SMTP when the server has one configured.
 */

export const STATUS_EMAIL = [
  ['pendente', 'Pendente'],
  ['enviado', 'Enviado'],
  ['erro', 'Erro'],
] as const;
export type StatusEmail = (typeof STATUS_EMAIL)[number][0];

/** The placeholder the subject and body may carry. */
export const MARCADOR_NOME = '{nome}';
const AJUDA_MARCADOR = `${MARCADOR_NOME} é trocado pelo nome de cada prestador.`;

/** Subject or body with the provider's name in place of {nome} (every occurrence). */
export const comNome = (modelo: string, nome: string) => modelo.split(MARCADOR_NOME).join(nome.trim());

/** A run to every active provider is bounded: more than this is split by UF or specialty. */
export const MAX_EMAILS_POR_EXECUCAO = 25_000;

const mensagem = {
  assunto: f.text('Assunto', { max: 150, required: true, help: AJUDA_MARCADOR }),
  corpo: f.text('Mensagem', { max: 5000, multiline: true, required: true, help: `Texto simples, sem formatação. ${AJUDA_MARCADOR}` }),
};

/** A subject is one header line: a line break there would forge other headers. */
const assuntoNumaLinha = (v: Values): RuleIssue[] =>
  typeof v.assunto === 'string' && /[\r\n]/.test(v.assunto) ? [{ field: 'assunto', message: 'O assunto deve ter uma linha só.' }] : [];

export const emailPrestadoresAtivos = defineProcesso({
  comando: '/util/processo/email-prestador-ativo',
  tipo: 'email-prestador-ativo',
  descricao:
    'Escreve uma mensagem para cada prestador ativo (dentro da vigência) que tem e-mail cadastrado, opcionalmente só os de uma UF, cidade ou especialidade. As mensagens entram na caixa de saída e são enviadas pelo servidor de e-mail (SMTP), quando configurado; o arquivo CSV da execução lista cada uma com a situação.',
  campos: {
    uf: uf('UF do prestador', { help: 'Em branco: todas as UFs.' }),
    cidade: f.ref('Cidade do prestador', 'cidade', { dependsOn: { field: 'uf', target: 'uf' }, help: 'Em branco: todas as cidades.' }),
    especialidade: f.ref('Especialidade (CBO)', 'especialidade', { help: 'Em branco: todas. Vale a primeira ou a segunda especialidade.' }),
    ...mensagem,
  },
  regras: (v) => {
    const out = assuntoNumaLinha(v);
    if (v.cidade != null && v.uf == null) out.push({ field: 'uf', message: 'Informe a UF da cidade.' });
    return out;
  },
  previa: true,
  altera: true,
});

export const envioEmailPrestador = defineProcesso({
  comando: '/util/processo/envio-email-prestador',
  tipo: 'envio-email-prestador',
  descricao:
    'Escreve uma mensagem para um prestador, no e-mail do cadastro. A mensagem entra na caixa de saída e é enviada pelo servidor de e-mail (SMTP), quando configurado; o registro da execução diz se foi enviada.',
  campos: {
    prestador: f.ref('Prestador', 'prestador', { picker: 'prestador', required: true, help: 'O e-mail usado é o do cadastro do prestador.' }),
    ...mensagem,
  },
  regras: assuntoNumaLinha,
  previa: true,
  altera: true,
});
