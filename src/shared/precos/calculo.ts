import { isoToBr } from '../dates';
import { percentOf, timesQuantity, type Centavos } from '../money';

/**
 * The price of a procedure for a provider at a date, from the declared tables only (spec §2.1 percentualização and
 * classes de preços, §2.2 precificação and tabelas): the base (the fee size of the provider's price table when the
 * procedure has one, else the procedure's reference value), the provider's price class factor, then the options of
 * the act (executing role, access route and technique, urgency fee by day and hour), then the quantity. Every step
 * is returned with its base, factor and result, in whole centavos (each step rounds half up, as `percentOf`).
 * Isomorphic and pure: the server loads the tables (src/server/precos/tabelas.ts) and calls it per item.
 */

export interface Vigencia {
  inicioVigencia: string;
  fimVigencia: string | null;
}
export const vigenteEm = (v: Vigencia, data: string) => v.inicioVigencia <= data && (v.fimVigencia == null || v.fimVigencia >= data);

export interface TabelaPrecoRow extends Vigencia {
  id: number;
  codigo: string;
  descricao: string;
  ativo: boolean;
}
export interface ClassePrecoRow {
  id: number;
  codigo: string;
  descricao: string;
  /** numeric(8,4) as the database gives it ('1.0500'). */
  fator: string;
  ativo: boolean;
}
export interface PorteRow extends Vigencia {
  porte: string;
  valor: Centavos;
  tabelaPreco: number;
}
export interface FuncaoRow extends Vigencia {
  grauParticipacao: string;
  /** numeric(7,2) ('30.00'). */
  percentual: string;
  classePreco: number | null;
}
export interface ViaRow extends Vigencia {
  viaAcesso: string;
  tecnica: string;
  percentual: string;
}
export interface UrgenciaRow extends Vigencia {
  descricao: string;
  /** HHMM. */
  horaInicio: string;
  horaFim: string;
  diasSemana: 'UTEIS' | 'FIM_SEMANA' | 'TODOS';
  percentual: string;
}
export interface FeriadoRow {
  data: string;
  descricao: string;
  abrangencia: 'NACIONAL' | 'ESTADUAL' | 'MUNICIPAL';
  uf: string | null;
  cidade: number | null;
  pontoFacultativo: boolean;
}
export interface AcordoRow extends Vigencia {
  produto: number;
  produtoNome: string;
  procedimento: number;
  coberto: boolean;
  percentualCoparticipacao: string | null;
  valorMaximoCoparticipacao: Centavos | null;
  carenciaDias: number | null;
}

/** The declared tables a price reads (small: loaded once per request or per run). */
export interface TabelasDePreco {
  tabelas: ReadonlyMap<number, TabelaPrecoRow>;
  classes: ReadonlyMap<number, ClassePrecoRow>;
  portes: readonly PorteRow[];
  funcoes: readonly FuncaoRow[];
  vias: readonly ViaRow[];
  urgencias: readonly UrgenciaRow[];
  feriados: readonly FeriadoRow[];
}

export interface PrestadorPreco extends Vigencia {
  id: number;
  nome: string;
  tabelaPreco: number | null;
  classePreco: number | null;
  uf: string | null;
  cidade: number | null;
}
export interface ProcedimentoPreco extends Vigencia {
  id: number;
  codigo: string;
  descricao: string;
  porte: string | null;
  valor: Centavos | null;
  ativo: boolean;
}

export interface OpcoesPreco {
  /** Caráter de atendimento 2 (urgência/emergência): the urgency fee of the day and hour applies. */
  urgencia: boolean;
  /** HHMM of the act (urgency fee windows); null: no hour, no urgency fee. */
  hora: string | null;
  viaAcesso: string | null;
  tecnica: string | null;
  grauParticipacao: string | null;
  quantidade: number;
}
export const OPCOES_PADRAO: OpcoesPreco = { urgencia: false, hora: null, viaAcesso: null, tecnica: null, grauParticipacao: null, quantidade: 1 };

export interface Passo {
  regra: string;
  base: Centavos;
  /** The factor as a person reads it ('× 1,0500', '30%', '+ 30%', '× 2'); '—' for the base itself. */
  fator: string;
  resultado: Centavos;
}
export type Preco =
  | { ok: true; valorUnitario: Centavos; quantidade: number; valorTotal: Centavos; passos: Passo[]; notas: string[] }
  | { ok: false; motivo: string };

// ---- decimals as integers (never a float of a percentage) ------------------------------------------------------

/** '1.0500' (scale digits) → 10500 when scale is 4: the decimal as an integer of its last place, exactly. */
export function decimalInt(s: string | number, scale: number): number {
  const t = String(s).trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m) throw new RangeError(`decimal inválido: ${t}`);
  const frac = (m[3] ?? '').padEnd(scale, '0');
  if (frac.length > scale && /[1-9]/.test(frac.slice(scale))) throw new RangeError(`decimal com mais de ${scale} casas: ${t}`);
  const n = Number((m[2] || '0') + frac.slice(0, scale));
  return m[1] ? -n : n;
}
/** A percentage (numeric 7,2) in the hundredths of a percent `percentOf` takes: '30.00' → 3000. */
export const pontosBase = (percentual: string | number) => decimalInt(percentual, 2);
/** A factor (numeric 8,4) in hundredths of a percent: '1.0500' → 10500 (105,00 %). */
export const fatorEmPontos = (fator: string | number) => decimalInt(fator, 4);

const num = (n: number, casas: number) => n.toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });
export const textoPercentual = (pontos: number) => `${num(pontos / 100, pontos % 100 ? 2 : 0)}%`;
export const textoFator = (pontos: number) => `× ${num(pontos / 10000, 4)}`;

// ---- labels of the option lists (TISS domains, DOMAIN §1.6) -----------------------------------------------------

export const VIAS_ACESSO = [['1', 'Única'], ['2', 'Mesma via'], ['3', 'Diferentes vias']] as const;
export const TECNICAS = [['1', 'Convencional'], ['2', 'Videolaparoscopia'], ['3', 'Robótica']] as const;
export const GRAUS_PARTICIPACAO = [
  ['00', 'Cirurgião'], ['01', 'Primeiro auxiliar'], ['02', 'Segundo auxiliar'], ['03', 'Terceiro auxiliar'], ['04', 'Quarto auxiliar'], ['05', 'Instrumentador'],
  ['06', 'Anestesista'], ['07', 'Auxiliar de anestesista'], ['08', 'Consultor'], ['09', 'Perfusionista'], ['10', 'Pediatra na sala de parto'], ['11', 'Auxiliar SADT'],
  ['12', 'Clínico'], ['13', 'Intensivista'],
] as const;
const rotulo = (lista: readonly (readonly [string, string])[], v: string) => lista.find(([k]) => k === v)?.[1] ?? v;
const DIAS_LABEL = { UTEIS: 'dias úteis', FIM_SEMANA: 'sábados, domingos e feriados', TODOS: 'todos os dias' } as const;
const hhmm = (h: string) => `${h.slice(0, 2)}:${h.slice(2, 4)}`;

// ---- day and hour of the urgency fee ----------------------------------------------------------------------------

/** The holiday of the date where the provider works (national, its UF's, its city's); optional holidays do not count. */
export function feriadoDe(t: TabelasDePreco, p: Pick<PrestadorPreco, 'uf' | 'cidade'>, data: string): FeriadoRow | undefined {
  return t.feriados.find(
    (f) =>
      f.data === data &&
      !f.pontoFacultativo &&
      (f.abrangencia === 'NACIONAL' || (f.abrangencia === 'ESTADUAL' && f.uf != null && f.uf === p.uf) || (f.abrangencia === 'MUNICIPAL' && f.cidade != null && f.cidade === p.cidade)),
  );
}
const diaDaSemana = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

/** A window 'HHMM'–'HHMM' holds the hour; one that ends before it starts crosses midnight (19:00–07:00). */
export function dentroDaFaixa(inicio: string, fim: string, hora: string): boolean {
  return inicio <= fim ? hora >= inicio && hora <= fim : hora >= inicio || hora < fim;
}

// ---- the price -------------------------------------------------------------------------------------------------

export function precificar(t: TabelasDePreco, prestador: PrestadorPreco, proc: ProcedimentoPreco, data: string, o: OpcoesPreco = OPCOES_PADRAO): Preco {
  const dia = isoToBr(data);
  if (!proc.ativo || !vigenteEm(proc, data)) return { ok: false, motivo: `O procedimento ${proc.codigo} não está em vigência em ${dia}.` };
  if (!vigenteEm(prestador, data)) return { ok: false, motivo: `O prestador ${prestador.nome} não está em vigência em ${dia}.` };
  const passos: Passo[] = [];
  const notas: string[] = [];

  // 1. base: the fee size of the provider's table, when the procedure has a porte the table prices at the date
  const tabela = prestador.tabelaPreco != null ? t.tabelas.get(prestador.tabelaPreco) : undefined;
  const tabelaVale = tabela != null && tabela.ativo && vigenteEm(tabela, data);
  if (tabela && !tabelaVale) notas.push(`A tabela de preços ${tabela.descricao} do prestador não está em vigência em ${dia}: vale o valor de referência do procedimento.`);
  if (!tabela) notas.push('O prestador não tem tabela de preços contratada: vale o valor de referência do procedimento.');
  const porte = tabelaVale && proc.porte ? t.portes.find((p) => p.tabelaPreco === tabela.id && p.porte === proc.porte && vigenteEm(p, data)) : undefined;
  let valor: Centavos;
  if (porte) {
    valor = porte.valor;
    passos.push({ regra: `Porte de honorário ${porte.porte} da tabela ${tabela!.descricao}`, base: porte.valor, fator: '—', resultado: valor });
  } else {
    if (tabelaVale && proc.porte) notas.push(`A tabela ${tabela.descricao} não tem o porte ${proc.porte} em vigência em ${dia}: vale o valor de referência do procedimento.`);
    if (proc.valor == null) return { ok: false, motivo: `O procedimento ${proc.codigo} não tem valor de referência${proc.porte ? ` nem porte ${proc.porte} na tabela do prestador` : ''}.` };
    valor = proc.valor;
    passos.push({ regra: `Valor de referência do procedimento ${proc.codigo}`, base: proc.valor, fator: '—', resultado: valor });
  }

  // 2. the provider's price class
  const classe = prestador.classePreco != null ? t.classes.get(prestador.classePreco) : undefined;
  if (classe && classe.ativo) {
    const pts = fatorEmPontos(classe.fator);
    const r = percentOf(valor, pts);
    passos.push({ regra: `Classe de preço ${classe.codigo} – ${classe.descricao}`, base: valor, fator: textoFator(pts), resultado: r });
    valor = r;
  } else if (classe) notas.push(`A classe de preço ${classe.codigo} do prestador está inativa: sem fator.`);
  else notas.push('O prestador não tem classe de preço: sem fator.');

  // 3. executing role: the class's own percentage first, then the general one
  if (o.grauParticipacao) {
    const vigentes = t.funcoes.filter((f) => f.grauParticipacao === o.grauParticipacao && vigenteEm(f, data));
    const f = vigentes.find((x) => x.classePreco != null && x.classePreco === prestador.classePreco) ?? vigentes.find((x) => x.classePreco == null);
    const nome = rotulo(GRAUS_PARTICIPACAO, o.grauParticipacao);
    if (!f) return { ok: false, motivo: `Não há percentual de função executante em vigência para ${nome} em ${dia}.` };
    const pts = pontosBase(f.percentual);
    const r = percentOf(valor, pts);
    passos.push({ regra: `Função executante: ${nome}`, base: valor, fator: textoPercentual(pts), resultado: r });
    valor = r;
  }

  // 4. access route and technique
  if (o.viaAcesso) {
    const tecnica = o.tecnica ?? '1';
    const v = t.vias.find((x) => x.viaAcesso === o.viaAcesso && x.tecnica === tecnica && vigenteEm(x, data));
    const nome = `${rotulo(VIAS_ACESSO, o.viaAcesso)}, técnica ${rotulo(TECNICAS, tecnica).toLowerCase()}`;
    if (!v) return { ok: false, motivo: `Não há percentual por via de acesso em vigência para via ${nome} em ${dia}.` };
    const pts = pontosBase(v.percentual);
    const r = percentOf(valor, pts);
    passos.push({ regra: `Via de acesso: ${nome}`, base: valor, fator: textoPercentual(pts), resultado: r });
    valor = r;
  }

  // 5. urgency fee of the day (working day, weekend or holiday where the provider works) and hour
  if (o.urgencia) {
    if (!o.hora) notas.push('Urgência sem hora do atendimento: a taxa de urgência depende da hora e não foi aplicada.');
    else {
      const feriado = feriadoDe(t, prestador, data);
      const fds = feriado != null || [0, 6].includes(diaDaSemana(data));
      const cabem = t.urgencias
        .filter((u) => vigenteEm(u, data) && (u.diasSemana === 'TODOS' || (u.diasSemana === 'FIM_SEMANA') === fds) && dentroDaFaixa(u.horaInicio, u.horaFim, o.hora!))
        .sort((a, b) => pontosBase(b.percentual) - pontosBase(a.percentual));
      const u = cabem[0];
      if (!u) notas.push(`Urgência às ${hhmm(o.hora)} de ${dia}: nenhuma faixa de taxa de urgência se aplica.`);
      else {
        const pts = pontosBase(u.percentual);
        const r = valor + percentOf(valor, pts);
        const quando = feriado ? ` (feriado: ${feriado.descricao})` : '';
        passos.push({ regra: `Taxa de urgência: ${u.descricao}, ${hhmm(u.horaInicio)} a ${hhmm(u.horaFim)} em ${DIAS_LABEL[u.diasSemana]}${quando}`, base: valor, fator: `+ ${textoPercentual(pts)}`, resultado: r });
        valor = r;
      }
    }
  }

  const unitario = valor;
  const total = timesQuantity(unitario, o.quantidade);
  if (o.quantidade !== 1) passos.push({ regra: 'Quantidade', base: unitario, fator: `× ${o.quantidade}`, resultado: total });
  return { ok: true, valorUnitario: unitario, quantidade: o.quantidade, valorTotal: total, passos, notas };
}

/**
 * The beneficiary's share under the plan's default agreement for the procedure (spec §2.1
 * acordo-padrão-procedimento-benefício): coverage, the coparticipation percentage and its cap. The provider's price
 * does not change; this is what part of it the plan charges the beneficiary.
 */
export function coparticipacao(acordo: AcordoRow | undefined, total: Centavos): { passos: Passo[]; notas: string[]; valor: Centavos | null } {
  if (!acordo) return { passos: [], notas: ['O plano não tem acordo padrão em vigência para este procedimento: sem coparticipação declarada.'], valor: null };
  if (!acordo.coberto) return { passos: [], notas: [`O plano ${acordo.produtoNome} não cobre este procedimento (acordo padrão).`], valor: null };
  const notas: string[] = [];
  if (acordo.carenciaDias) notas.push(`Carência de ${acordo.carenciaDias} ${acordo.carenciaDias === 1 ? 'dia' : 'dias'} contada da adesão (acordo padrão do plano ${acordo.produtoNome}).`);
  const pts = acordo.percentualCoparticipacao == null ? 0 : pontosBase(acordo.percentualCoparticipacao);
  if (!pts) return { passos: [], notas: [...notas, `O plano ${acordo.produtoNome} não cobra coparticipação por este procedimento.`], valor: 0 };
  const parte = percentOf(total, pts);
  const passos: Passo[] = [{ regra: `Coparticipação do plano ${acordo.produtoNome}`, base: total, fator: textoPercentual(pts), resultado: parte }];
  if (acordo.valorMaximoCoparticipacao != null && parte > acordo.valorMaximoCoparticipacao) {
    passos.push({ regra: 'Teto da coparticipação por procedimento', base: parte, fator: 'teto', resultado: acordo.valorMaximoCoparticipacao });
    return { passos, notas, valor: acordo.valorMaximoCoparticipacao };
  }
  return { passos, notas, valor: parte };
}
