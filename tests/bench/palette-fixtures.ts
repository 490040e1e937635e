import { rng } from '../fixtures/random';
import type { Command, CommandKind } from '../../commands';
import { ICON_NAMES } from '../../commands/icons';

/**
 * Ten thousand generated commands that look like the real ones (pt-BR titles with accents, nested groups,
 * report codes), deterministic, to put beside the registry in the palette benches.
 */
const GROUPS = ['Cadastro', 'Financeiro', 'Autorização', 'Faturamento', 'Relatórios', 'Operadora', 'Utilitários', 'Contrato', 'Ouvidoria', 'ANS'];
const SUB = ['Pagamento', 'Recebimento', 'Configuração', 'Processos', 'Exportação', 'Auditoria', 'Tabelas', 'Rede Credenciada', 'Beneficiário', 'Prestador', 'Contábil', 'Cobrança'];
const NOUNS = [
  'Contas', 'Títulos', 'Remessas', 'Guias', 'Protocolos', 'Lotes', 'Movimentos', 'Eventos', 'Faturas', 'Borderôs', 'Tabelas', 'Históricos',
  'Solicitações', 'Autorizações', 'Internações', 'Prorrogações', 'Anexos', 'Glosas', 'Reembolsos', 'Coparticipações', 'Contribuições', 'Carências',
  'Especialidades', 'Cidades', 'Procedimentos', 'Materiais', 'Medicamentos', 'Pacotes', 'Taxas', 'Índices', 'Planos', 'Produtos', 'Empresas',
];
const QUAL = [
  'a Pagar', 'a Receber', 'Emitidos', 'Pendentes', 'Liberados', 'Cancelados', 'por Prestador', 'por Beneficiário', 'por Competência', 'Analítico',
  'Sintético', 'de Imposto', 'Bancários', 'Médicos', 'Odontológicos', 'em Análise', 'Vencidos', 'Consolidados', 'Mensais', 'da 2ª Via', 'do Exercício',
];
const KINDS: CommandKind[] = ['route', 'route', 'route', 'report', 'report', 'process', 'export'];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ª/g, 'a')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');


export interface BenchCommand extends Command {
  trail: string;
}

export function generateCommands(count = 10_000, seed = 2026): BenchCommand[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const out: BenchCommand[] = [];
  for (let i = 0; i < count; i++) {
    const g = pick(GROUPS);
    const s = pick(SUB);
    const title = `${pick(NOUNS)} ${pick(QUAL)}${r() < 0.3 ? ` ${pick(NOUNS).toLowerCase()}` : ''}`;
    const kind = pick(KINDS);
    const path = `/gerado/${slug(g)}/${slug(s)}/${slug(title)}-${i}`;
    out.push({
      id: `gerado.${i}`,
      path,
      title,
      icon: pick(ICON_NAMES),
      kind,
      trail: `${g} › ${s}`,
      rep: kind === 'report' ? `rep${String(400 + (i % 600)).padStart(3, '0')}` : undefined,
      keywords: r() < 0.2 ? [pick(NOUNS).toLowerCase()] : undefined,
    });
  }
  return out;
}

/** What people type, keystroke by keystroke. */
export const TYPED_QUERIES = [
  'contas pagar',
  'autorizacao',
  'cid esp',
  'rep075',
  '2a via',
  'beneficiarios',
  'auditoria medica',
  'financeiro pagamento',
  'guias sem onus',
  'prestador',
  'relatorio rede credenciada',
  'remessas',
  'xyzw',
  'protocolo reembolso',
  'tabela preco',
];
