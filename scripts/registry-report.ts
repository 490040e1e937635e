/**
 * Relatório do registro de comandos (npm run registry:report): quantos comandos há, por tipo,
 * quantos já têm tela e quantos não, e uma tabela por grupo de primeiro nível.
 */
import { registry, type Command, type CommandKind } from '../commands';
import { screenFor } from '../src/web/screens';

const KINDS: { kind: CommandKind; label: string }[] = [
  { kind: 'folder', label: 'Grupos' },
  { kind: 'route', label: 'Telas' },
  { kind: 'report', label: 'Relatórios' },
  { kind: 'process', label: 'Processos' },
  { kind: 'export', label: 'Exportações' },
  { kind: 'link', label: 'Links' },
];

const all = registry.all;
const hasScreen = (c: Command) => !!screenFor(c);
const n = (xs: readonly Command[], f: (c: Command) => boolean) => xs.filter(f).length;
const fmt = (v: number) => v.toLocaleString('pt-BR');

console.log('Registro de comandos');
console.log('====================');
console.log(`Total de comandos registrados: ${fmt(all.length)}`);
console.log('');
console.log('Por tipo:');
for (const { kind, label } of KINDS) console.log(`  ${label.padEnd(12)} ${fmt(n(all, (c) => c.kind === kind)).padStart(5)}`);
console.log('');
const withScreen = n(all, hasScreen);
console.log(`Com tela implementada:           ${fmt(withScreen)}`);
console.log(`Sem tela implementada:           ${fmt(all.length - withScreen)}`);
console.log(`Relatórios com código pendente:  ${fmt(n(all, (c) => !!c.repPending))}`);
console.log(`Ocultos (hidden):                ${fmt(n(all, (c) => !!c.hidden))}`);
console.log(`Com restrição de cliente:        ${fmt(n(all, (c) => !!c.clients))}`);
console.log(`Com chave de configuração:       ${fmt(n(all, (c) => !!c.flag))}`);
console.log('');

const groups = new Map<string, Command[]>();
for (const c of all) {
  const top = c.path === '/' ? '/' : `/${c.path.split('/')[1]}`;
  groups.set(top, [...(groups.get(top) ?? []), c]);
}

const header = ['Grupo', 'Total', ...KINDS.map((k) => k.label), 'Com tela', 'Sem tela'];
const rows = [...groups.entries()].map(([top, cs]) => [
  top,
  fmt(cs.length),
  ...KINDS.map(({ kind }) => fmt(n(cs, (c) => c.kind === kind))),
  fmt(n(cs, hasScreen)),
  fmt(n(cs, (c) => !hasScreen(c))),
]);
rows.push(['Total', fmt(all.length), ...KINDS.map(({ kind }) => fmt(n(all, (c) => c.kind === kind))), fmt(withScreen), fmt(all.length - withScreen)]);

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
console.log('Por grupo de primeiro nível:');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows.slice(0, -1)) console.log(line(r));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
console.log(line(rows[rows.length - 1]));
