import type { FastifyInstance } from 'fastify';
import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { formatCNPJ, formatCPF } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { isVisible, registry, type CommandPath } from '../../../commands';
import { FILAS, FILA_KEYS, STATUS_LABEL, TIPOS, isoToBr, type Status, type Tipo } from '../../shared/autorizacoes';
import { BUSCA, type BuscaRegistrosResposta, type RegistroEncontrado } from '../../shared/busca';
import { APP_MSG } from '../../shared/messages';
import { fold, onlyDigits } from '../../shared/text';
import type { AppContext } from '../context';
import { query } from '../autorizacoes/service';
import { beneficiarios, prestadores } from '../db/schema';
import { sessionOf } from '../http/access';
import { badRequest, parse } from '../http/errors';
import { familiaDe } from '../pessoas/regras';

/** Where a found record opens: the lookup screen with its id, or the user's own record. */
const PATHS = {
  beneficiarios: '/cadastro/pessoa/beneficiarios',
  beneficiarioProprio: '/cadastro/beneficiarios',
  prestadores: '/cadastro/pessoa/prestadores',
  prestadorProprio: '/cadastro/prestadores',
  autorizacoes: '/principal/autorizacao/autorizacoes',
  auditoria: '/principal/autorizacao/auditoria',
  historico: '/principal/autorizacao/historicos-utilizacoes-beneficiarios',
  acompanhar: '/principal/autorizacao/acompanhar-autorizacoes-beneficiario',
} as const satisfies Record<string, CommandPath>;

/** A senha is valid for 30 days: it is looked for among the requests of the last 90 (an index range, not a scan). */
const SENHA_JANELA_DIAS = 90;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The palette's `@` search: beneficiaries by name prefix, CPF or id (matrícula), providers by name, CPF or CNPJ
 * from 5 characters (spec §9), authorization requests by id, guide number or senha. Record rules: who may list
 * beneficiaries (providers) — the visibility of the lookup screen — searches them all; a beneficiary (a provider)
 * finds only their own record; others, nothing. Requests as on their screens: a provider its own (requesting or
 * executing), a beneficiary the family's (behind the follow-up switch), the operator's staff who see the
 * authorization lists or the audit desk, all.
 */
export function buscaRoutes(app: FastifyInstance, { db, settings }: AppContext) {
  app.get('/api/busca/registros', { config: { access: 'session' } }, async (req) => {
    const s = sessionOf(req);
    const { termo } = parse(z.object({ termo: z.string().trim().max(150).default('') }), req.query);
    if (termo.length < BUSCA.minimo) throw badRequest(APP_MSG.termoCurto(BUSCA.minimo), 'termo');
    const ctx = { ability: s.ability, client: settings.id, flags: settings.flags };
    const sees = (path: string) => {
      const c = registry.match(path);
      return !!c && isVisible(c, ctx);
    };
    /** Which requests this session may find, and the screen each opens on (as the authorization screens' own rules). */
    async function solicitacoesVisiveis(): Promise<{ where: SQL; path: (tipo: Tipo) => string | null } | null> {
      if ((s.user.prestador || s.user.prestadorAdministrativo) && s.prestadorId != null)
        return sees(PATHS.autorizacoes) ? { where: sql`(a.prestador_id = ${s.prestadorId} or a.prestador_executante_id = ${s.prestadorId})`, path: () => PATHS.autorizacoes } : null;
      if ((s.user.beneficiario || s.user.dependente) && s.beneficiarioId != null) {
        const fam = sees(PATHS.acompanhar) ? await familiaDe(db, s.beneficiarioId) : null;
        return fam ? { where: sql`a.beneficiario_id in (${sql.join(fam.ids.map((i) => sql`${i}`), sql`, `)})`, path: () => PATHS.acompanhar } : null;
      }
      if (!sees(PATHS.autorizacoes) && !sees(PATHS.auditoria) && !sees(PATHS.historico)) return null;
      // the authorizations list when visible; else the audit queue of the guide type; else the utilization history
      const fila = (tipo: Tipo) => FILA_KEYS.map((k) => FILAS[k]).find((f) => f.tipos?.includes(tipo as never) && sees(f.command))?.command;
      return { where: sql`true`, path: (tipo) => (sees(PATHS.autorizacoes) ? PATHS.autorizacoes : (fila(tipo) ?? (sees(PATHS.historico) ? PATHS.historico : null))) };
    }

    const digits = onlyDigits(termo);
    const numeric = digits.length > 0 && digits.length === termo.replace(/[.\-/\s]/g, '').length;
    const name = escapeLike(fold(termo).replace(/\s+/g, ' '));
    const itens: RegistroEncontrado[] = [];

    // Beneficiaries
    const allBenef = sees(PATHS.beneficiarios);
    const ownBenef = !allBenef && (s.user.beneficiario || s.user.dependente) && s.beneficiarioId != null ? s.beneficiarioId : null;
    if (allBenef || ownBenef != null) {
      const own = ownBenef != null ? eq(beneficiarios.id, ownBenef) : undefined;
      const cols = { id: beneficiarios.id, nome: beneficiarios.nome, cpf: beneficiarios.cpf, matricula: beneficiarios.matricula };
      type Found = { id: number; nome: string; cpf: string | null; matricula: string };
      const found: Found[] = [];
      if (numeric) {
        const by = or(
          digits.length === 11 ? eq(beneficiarios.cpf, digits) : undefined,
          digits.length === 10 ? eq(beneficiarios.matricula, digits) : undefined,
          digits.length === 16 ? eq(beneficiarios.carteirinha, digits) : undefined,
          digits.length <= 9 ? eq(beneficiarios.id, Number(digits)) : undefined,
        );
        if (by) found.push(...((await db.select(cols).from(beneficiarios).where(and(by, own)).orderBy(asc(beneficiarios.nomeBusca)).limit(BUSCA.limite)) as Found[]));
      } else {
        // the name's start (indexed), then a word inside it (the same index, in order, until enough are found)
        found.push(...((await db.select(cols).from(beneficiarios).where(and(like(beneficiarios.nomeBusca, `${name}%`), own)).orderBy(asc(beneficiarios.nomeBusca)).limit(BUSCA.limite)) as Found[]));
        if (found.length < BUSCA.limite)
          found.push(
            ...((await db
              .select(cols)
              .from(beneficiarios)
              .where(and(like(beneficiarios.nomeBusca, `% ${name}%`), sql`${beneficiarios.nomeBusca} not like ${`${name}%`}`, own))
              .orderBy(asc(beneficiarios.nomeBusca))
              .limit(BUSCA.limite - found.length)) as Found[]),
          );
      }
      for (const b of found)
        itens.push({
          tipo: 'beneficiario',
          id: b.id,
          nome: b.nome,
          detalhe: [b.cpf ? `CPF ${formatCPF(b.cpf)}` : '', `Matrícula ${b.matricula}`].filter(Boolean).join(' · '),
          path: ownBenef != null ? PATHS.beneficiarioProprio : `${PATHS.beneficiarios}?id=${b.id}`,
        });
    }

    // Providers: from 5 characters (spec §9)
    const prestadoresBuscados = termo.length >= BUSCA.minimoPrestador;
    const allPrest = sees(PATHS.prestadores);
    const ownPrest = !allPrest && (s.user.prestador || s.user.prestadorAdministrativo) && s.prestadorId != null ? s.prestadorId : null;
    if (prestadoresBuscados && (allPrest || ownPrest != null)) {
      const by: SQL | undefined = numeric
        ? or(
            digits.length === 11 ? eq(prestadores.cpf, digits) : undefined,
            digits.length === 14 ? eq(prestadores.cnpj, digits) : undefined,
            like(prestadores.codigo, `${digits}%`),
          )
        : or(like(prestadores.nomeBusca, `${name}%`), like(prestadores.nomeBusca, `% ${name}%`));
      const rows = (await db
        .select({ id: prestadores.id, nome: prestadores.nome, codigo: prestadores.codigo, cpf: prestadores.cpf, cnpj: prestadores.cnpj })
        .from(prestadores)
        .where(and(by, ownPrest != null ? eq(prestadores.id, ownPrest) : undefined))
        .orderBy(asc(prestadores.nomeBusca))
        .limit(BUSCA.limite)) as { id: number; nome: string; codigo: string; cpf: string | null; cnpj: string | null }[];
      for (const p of rows)
        itens.push({
          tipo: 'prestador',
          id: p.id,
          nome: p.nome,
          detalhe: [p.cnpj ? `CNPJ ${formatCNPJ(p.cnpj)}` : p.cpf ? `CPF ${formatCPF(p.cpf)}` : '', `Código ${p.codigo}`].filter(Boolean).join(' · '),
          path: ownPrest != null ? PATHS.prestadorProprio : `${PATHS.prestadores}?id=${p.id}`,
        });
    }

    // Authorization requests: the id, the guide number (12 digits) or a recent senha (9 digits)
    if (numeric) {
      const onde = await solicitacoesVisiveis();
      const por: SQL[] = [];
      if (digits.length <= 9 && Number(digits) <= 2_147_483_647) por.push(sql`a.id = ${Number(digits)}`);
      if (digits.length === 12) por.push(sql`a.numero = ${digits}`);
      if (digits.length === 9) por.push(sql`(a.senha = ${digits} and a.data_solicitacao >= current_date - ${SENHA_JANELA_DIAS}::int)`);
      if (onde && por.length) {
        const rows = await query<{ id: number; numero: string; tipo: Tipo; status: number; data_solicitacao: unknown; senha: string | null; beneficiario: string }>(
          db,
          sql`select a.id, a.numero, a.tipo, a.status, a.data_solicitacao, a.senha, b.nome as beneficiario
            from autorizacoes a join beneficiarios b on b.id = a.beneficiario_id
            where (${sql.join(por, sql` or `)}) and ${onde.where} order by a.id limit ${BUSCA.limite}`,
        );
        for (const r of rows) {
          const path = onde.path(r.tipo);
          if (!path) continue;
          const data = r.data_solicitacao instanceof Date ? r.data_solicitacao.toISOString().slice(0, 10) : String(r.data_solicitacao).slice(0, 10);
          itens.push({
            tipo: 'autorizacao',
            id: r.id,
            nome: `Guia ${r.numero}`,
            detalhe: [TIPOS[r.tipo]?.label ?? r.tipo, STATUS_LABEL[Number(r.status) as Status], r.beneficiario, isoToBr(data), r.senha === digits ? `Senha ${r.senha}` : '']
              .filter(Boolean)
              .join(' · '),
            path: `${path}?id=${r.id}`,
          });
        }
      }
    }

    const result: BuscaRegistrosResposta = { itens, prestadores: prestadoresBuscados };
    return { result };
  });
}
