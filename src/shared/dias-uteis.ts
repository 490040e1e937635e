/**
 * Business days (dias úteis) on ISO days: Monday to Friday that are not holidays. The holidays come from the caller
 * (the server reads the `feriados` table: national ones and the operator's state's), so the same arithmetic holds in
 * tests and on screens. Plain UTC date arithmetic on the ISO string: no time zone can shift a day.
 */

const toUtc = (dia: string) => Date.UTC(Number(dia.slice(0, 4)), Number(dia.slice(5, 7)) - 1, Number(dia.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

/** The ISO day `n` calendar days after `dia` (negative: before). */
export const somarDias = (dia: string, n: number) => fromUtc(toUtc(dia) + n * DAY);

export function ehDiaUtil(dia: string, feriados: ReadonlySet<string>): boolean {
  const dow = new Date(toUtc(dia)).getUTCDay();
  return dow !== 0 && dow !== 6 && !feriados.has(dia);
}

/** The `n`-th business day after `dia` (the day itself never counts: a deadline runs from the next business day). */
export function adicionarDiasUteis(dia: string, n: number, feriados: ReadonlySet<string>): string {
  let d = dia;
  for (let i = 0; i < n; ) {
    d = somarDias(d, 1);
    if (ehDiaUtil(d, feriados)) i++;
  }
  return d;
}

/**
 * Business days left from `hoje` until `prazo`: the business days after today up to the deadline (0 on the deadline
 * day itself, or when only weekends and holidays remain); negative once late: minus the business days past it.
 */
export function diasUteisRestantes(hoje: string, prazo: string, feriados: ReadonlySet<string>): number {
  if (hoje === prazo) return 0;
  const [de, ate, sinal] = hoje < prazo ? [hoje, prazo, 1] : [prazo, hoje, -1];
  let n = 0;
  for (let d = somarDias(de, 1); d <= ate; d = somarDias(d, 1)) if (ehDiaUtil(d, feriados)) n++;
  // late on a weekend after the deadline still counts as late
  return sinal === -1 ? -Math.max(n, 1) : n;
}
