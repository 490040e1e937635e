import type { FastifyInstance } from 'fastify';
import { and, asc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { formatCNPJ, formatCPF } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { isVisible, registry } from '../../../commands';
import { BUSCA, type BuscaRegistrosResposta, type RegistroEncontrado } from '../../shared/busca';
import { APP_MSG } from '../../shared/messages';
import { fold, onlyDigits } from '../../shared/text';
import type { AppContext } from '../context';
import { beneficiarios, prestadores } from '../db/schema';
import { sessionOf } from '../http/access';
import { badRequest, parse } from '../http/errors';

/** Where a found record opens: the lookup screen with its id, or the user's own record. */
const PATHS = {
  beneficiarios: '/cadastro/pessoa/beneficiarios',
  beneficiarioProprio: '/cadastro/beneficiarios',
  prestadores: '/cadastro/pessoa/prestadores',
  prestadorProprio: '/cadastro/prestadores',
} as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The palette's `@` search: beneficiaries by name prefix, CPF or id (matrícula), providers by name, CPF or CNPJ
 * from 5 characters (spec §9). Record rules: who may list beneficiaries (providers) — the visibility of the
 * lookup screen — searches them all; a beneficiary (a provider) finds only their own record; others, nothing.
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

    const result: BuscaRegistrosResposta = { itens, prestadores: prestadoresBuscados };
    return { result };
  });
}
