import { z } from 'zod';
import { isoToBr, OPERATOR_TIME_ZONE, toIsoDate } from '../dates';
import { APP_MSG } from '../messages';
import { PROCESSOS_PERMISSAO_DATA } from '../resources/operadora';
import { formatCidr, parseCidr } from '../validation/cidr';
import { int4IdNumber } from '../validation/ids';

/**
 * Access rules (Acesso › Regras): a group of rules restricts when and from where the users it applies to may work —
 * those holding one of its profiles, and the users attached to it directly. Each rule is a window: days of the week,
 * optionally hours (São Paulo time), a period of dates, the dates a process is open in Permissões de Datas, and the
 * client networks (CIDR). A group lets a user in when any of its rules does; a user under several groups must pass
 * each of them. Administrators are never restricted (nobody locks the administration out). Checked at login and on
 * every request (src/server/auth/access-rules.ts); the same schema checks the screen and the server.
 */

export const REGRA_MSG = {
  nomeObrigatorio: 'Informe o nome do grupo de regras.',
  nomeExiste: 'Já existe um grupo de regras com este nome.',
  semRegras: 'Inclua ao menos uma regra no grupo.',
  diasObrigatorios: 'Marque ao menos um dia da semana.',
  horaInvalida: 'Horário inválido: use HH:MM (00:00 a 23:59; o final pode ser 24:00).',
  horaIncompleta: 'Informe o horário inicial e o final (ou deixe os dois em branco para o dia todo).',
  horaInvertida: 'O horário final deve ser depois do inicial. Um turno que passa da meia-noite são duas regras: uma até 24:00 e outra a partir de 00:00.',
  dataInvalida: 'Data inválida: use DD/MM/AAAA.',
  processoInvalido: 'Processo inexistente em Permissões de Datas.',
  enderecoInvalido: (s: string) => `Endereço inválido: ${s}. Use um endereço IP ou uma rede no formato CIDR (por exemplo, 10.0.0.0/8).`,
  enderecoComHost: (s: string, rede: string) => `Rede inválida: ${s} tem bits além do prefixo; use ${rede}.`,
  perfilInexistente: 'Perfil inexistente.',
  usuarioInexistente: 'Usuário inexistente.',
  usuarioAdministrador: (login: string) => `${login} é administrador: as regras não restringem administradores (assim ninguém perde o acesso à administração).`,
  versaoDesatualizada: 'Este grupo de regras foi alterado por outra pessoa. Recarregue e tente novamente.',
  salvo: (nome: string, n: number) => `Grupo de regras ${nome} salvo${n ? `; vale na próxima requisição de ${n === 1 ? '1 usuário' : `${n} usuários`}` : ''}.`,
  excluido: (nome: string) => `Grupo de regras ${nome} excluído.`,
  /** The refusals a restricted user reads (at login and on the next request after the window closes). */
  foraDoHorario: (janelas: string, agora: string) => `Acesso fora do horário permitido para o seu perfil: ${janelas} (horário de Brasília; agora: ${agora}).`,
  foraDoPeriodo: (janelas: string) => `Acesso fora do período permitido para o seu perfil: ${janelas}.`,
  enderecoNaoPermitido: (ip: string) => `Acesso não permitido a partir deste endereço (${ip}) para o seu perfil: entre pela rede autorizada pela operadora.`,
} as const;

/** The title of a rule refusal: the client keeps a titled refusal of a session to show it on the login page. */
export const REGRA_RECUSA_TITULO = 'Regras de acesso';

export const DIAS_SEMANA = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;
export const DIAS_SEMANA_LONGO = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;

export const PROCESSOS_DATAS = PROCESSOS_PERMISSAO_DATA;
export type ProcessoDatas = (typeof PROCESSOS_DATAS)[number][0];
const PROCESSO_KEYS = PROCESSOS_DATAS.map(([k]) => k) as [ProcessoDatas, ...ProcessoDatas[]];
export const processoLabel = (p: string) => PROCESSOS_DATAS.find(([k]) => k === p)?.[1] ?? p;

const HORA = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** Minutes since midnight of 'HH:MM'. */
export const minutosDe = (h: string) => Number(h.slice(0, 2)) * 60 + Number(h.slice(3, 5));

const vazioNulo = (v: unknown) => (v === '' || v === undefined ? null : v);
const hora = z.preprocess(vazioNulo, z.string({ error: REGRA_MSG.horaInvalida }).trim().regex(HORA, REGRA_MSG.horaInvalida).nullable());
const data = z.preprocess(
  vazioNulo,
  z
    .string({ error: REGRA_MSG.dataInvalida })
    .max(10, REGRA_MSG.dataInvalida)
    .transform((v, ctx) => {
      const iso = toIsoDate(v);
      if (!iso) ctx.addIssue({ code: 'custom', message: REGRA_MSG.dataInvalida });
      return iso ?? '';
    })
    .nullable(),
);

export const regraSchema = z
  .object({
    dias: z
      .array(z.number({ error: REGRA_MSG.diasObrigatorios }).int(REGRA_MSG.diasObrigatorios).min(0, REGRA_MSG.diasObrigatorios).max(6, REGRA_MSG.diasObrigatorios), { error: REGRA_MSG.diasObrigatorios })
      .max(7, REGRA_MSG.diasObrigatorios)
      .min(1, REGRA_MSG.diasObrigatorios)
      .transform((d) => [...new Set(d)].sort()),
    horaInicio: hora.default(null),
    horaFim: hora.default(null),
    dataInicio: data.default(null),
    dataFim: data.default(null),
    processoDatas: z.preprocess(vazioNulo, z.enum(PROCESSO_KEYS, { error: REGRA_MSG.processoInvalido }).nullable()).default(null),
    enderecos: z
      .array(z.string({ error: REGRA_MSG.enderecoInvalido('') }).max(60, 'Endereço: até 60 caracteres.'))
      .max(50, 'Até 50 endereços por regra.')
      .default([])
      .transform((list, ctx) => {
        const out: string[] = [];
        for (const s of list.map((x) => x.trim()).filter(Boolean)) {
          const r = parseCidr(s);
          if (r.ok) out.push(formatCidr(r.cidr));
          else ctx.addIssue({ code: 'custom', message: r.hostBits ? REGRA_MSG.enderecoComHost(s, r.hostBits) : REGRA_MSG.enderecoInvalido(s) });
        }
        return [...new Set(out)];
      }),
  })
  .superRefine((r, ctx) => {
    if ((r.horaInicio == null) !== (r.horaFim == null)) ctx.addIssue({ code: 'custom', path: [r.horaInicio == null ? 'horaInicio' : 'horaFim'], message: REGRA_MSG.horaIncompleta });
    else if (r.horaInicio != null && r.horaFim != null) {
      if (r.horaInicio === '24:00') ctx.addIssue({ code: 'custom', path: ['horaInicio'], message: REGRA_MSG.horaInvalida });
      else if (minutosDe(r.horaFim) <= minutosDe(r.horaInicio)) ctx.addIssue({ code: 'custom', path: ['horaFim'], message: REGRA_MSG.horaInvertida });
    }
    if (r.dataInicio && r.dataFim && r.dataFim < r.dataInicio) ctx.addIssue({ code: 'custom', path: ['dataFim'], message: APP_MSG.periodoInvertido });
  });
export type Regra = z.output<typeof regraSchema>;
export type RegraEntrada = z.input<typeof regraSchema>;

export const grupoRegrasFormSchema = z.object({
  nome: z.string({ error: REGRA_MSG.nomeObrigatorio }).trim().min(1, REGRA_MSG.nomeObrigatorio).max(80, 'Nome: até 80 caracteres.'),
  descricao: z
    .string()
    .trim()
    .max(200, 'Descrição: até 200 caracteres.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
  ativo: z.boolean().default(true),
  regras: z.array(regraSchema, { error: REGRA_MSG.semRegras }).min(1, REGRA_MSG.semRegras).max(20, 'Até 20 regras por grupo.'),
  perfis: z.array(int4IdNumber(REGRA_MSG.perfilInexistente)).max(200).default([]),
  usuarios: z.array(int4IdNumber(REGRA_MSG.usuarioInexistente)).max(500).default([]),
});
export const grupoRegrasEdicaoSchema = grupoRegrasFormSchema.extend({ version: int4IdNumber(REGRA_MSG.versaoDesatualizada) });
export type GrupoRegrasForm = z.output<typeof grupoRegrasFormSchema>;

export interface UsuarioResumo {
  id: number;
  login: string;
  nome: string;
  ativo: boolean;
  admin: boolean;
}

/** A group as the screen reads it, with who it restricts now (administrators are not counted: they are exempt). */
export interface GrupoRegras {
  id: number;
  nome: string;
  descricao: string | null;
  ativo: boolean;
  regras: Regra[];
  perfis: number[];
  usuarios: UsuarioResumo[];
  /** Users it restricts: holders of its profiles and the users attached, without administrators. */
  restringe: number;
  version: number;
}

export interface RegrasOpcoes {
  perfis: { id: number; nome: string; usuarios: number }[];
}

// ---- the moment and the words ----------------------------------------------------------------------------------

/** A moment as the rules read it: the São Paulo weekday (0 = Sunday), minutes since midnight and the ISO day. */
export interface Momento {
  dia: number;
  minutos: number;
  data: string;
}

const partsFmt = new Intl.DateTimeFormat('en-US', { timeZone: OPERATOR_TIME_ZONE, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function momentoEm(now: Date): Momento {
  const p = Object.fromEntries(partsFmt.formatToParts(now).map((x) => [x.type, x.value]));
  return { dia: WEEKDAYS.indexOf(p.weekday), minutos: Number(p.hour) * 60 + Number(p.minute), data: `${p.year}-${p.month}-${p.day}` };
}

const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
export const descreverMomento = (m: Momento) => `${DIAS_SEMANA[m.dia]} ${hhmm(m.minutos)}`;

const lista = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}`);

/** The days as one reads them: 'seg a sex', 'sáb e dom', 'seg, qua e sex', 'todos os dias'. */
export function descreverDias(dias: readonly number[]): string {
  const set = new Set(dias);
  if (set.size === 7) return 'todos os dias';
  // runs in the week starting on Monday, so 'sáb e dom' and 'sex a dom' read as one run
  const ordem = [1, 2, 3, 4, 5, 6, 0].filter((d) => set.has(d));
  const runs: number[][] = [];
  for (const d of ordem) {
    const last = runs[runs.length - 1];
    const pos = (x: number) => (x + 6) % 7;
    if (last && pos(d) === pos(last[last.length - 1]) + 1) last.push(d);
    else runs.push([d]);
  }
  return lista(runs.flatMap((r) => (r.length >= 3 ? [`${DIAS_SEMANA[r[0]]} a ${DIAS_SEMANA[r[r.length - 1]]}`] : r.map((d) => DIAS_SEMANA[d]))));
}

/** One rule in words; the networks only for the administrator (`comEnderecos`), never in a user's refusal. */
export function descreverRegra(r: Regra, comEnderecos = false): string {
  const partes = [descreverDias(r.dias), r.horaInicio && r.horaFim ? `das ${r.horaInicio} às ${r.horaFim}` : 'o dia todo'];
  if (r.dataInicio && r.dataFim) partes.push(`de ${isoToBr(r.dataInicio)} a ${isoToBr(r.dataFim)}`);
  else if (r.dataInicio) partes.push(`a partir de ${isoToBr(r.dataInicio)}`);
  else if (r.dataFim) partes.push(`até ${isoToBr(r.dataFim)}`);
  if (r.processoDatas) partes.push(`nas datas liberadas de ${processoLabel(r.processoDatas)} (Permissões de Datas)`);
  if (comEnderecos && r.enderecos.length) partes.push(`só de ${lista(r.enderecos)}`);
  return partes.join(', ');
}

export const descreverGrupo = (regras: readonly Regra[], comEnderecos = false) => regras.map((r) => descreverRegra(r, comEnderecos)).join('; ou ');
