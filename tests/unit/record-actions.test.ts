import { describe, expect, it } from 'vitest';
import type { CommandPath } from '../../commands';
import { STATUS, TRANSICOES, type Status } from '../../src/shared/autorizacoes';
import { ACOES_DECISAO, type DecisaoCtx } from '../../src/web/autorizacoes/acoes';
import { ATALHOS_DECISAO } from '../../src/web/autorizacoes/Decisao';
import { ACOES_BENEFICIARIO } from '../../src/web/pessoas/acoes';
import { bindActions, type RecordActionDecl } from '../../src/web/records/actions';

/**
 * Record actions are declared once and drive the screen's buttons, keys and the palette's `>`: which are offered to
 * whom, in which status, follows from the declaration and the session's commands and permissions.
 */

const noop = () => undefined;
const handlersOf = <C>(decls: readonly RecordActionDecl<C>[]) => Object.fromEntries(decls.map((d) => [d.id, noop]));
/** A session by the commands it opens and the permissions it holds. */
const session =
  (commands: readonly string[], can: readonly string[] = []) =>
  <C>(d: RecordActionDecl<C>) => {
    const cmds: readonly CommandPath[] = d.command == null ? [] : typeof d.command === 'string' ? [d.command] : d.command;
    return (!cmds.length || cmds.some((c) => commands.includes(c))) && (!d.can || can.includes(`${d.can[0]}:${d.can[1]}`));
  };
const AUDITOR = session(['/principal/autorizacao/auditoria', '/cadastro/beneficiarios/consulta']);
const OPERADORA = session(['/principal/autorizacao/auditoria', '/cadastro/pessoa/beneficiarios', '/util/processo/gerador-cartao', '/principal/autorizacao/autorizacoes'], ['update:beneficiario']);
const PRESTADOR = session(['/principal/autorizacao/autorizacoes']);

const decisao = (ctx: DecisaoCtx, who = AUDITOR) => bindActions(ACOES_DECISAO, { ctx }, handlersOf(ACOES_DECISAO), who);
const ids = (xs: { id: string }[]) => xs.map((x) => x.id);
const enabled = (xs: { id: string; enabled: boolean }[]) => xs.filter((x) => x.enabled).map((x) => x.id);

describe('the actions on an authorization request', () => {
  it('offers the auditor every decision, enabled by the transitions of the status, and the beneficiary', () => {
    const emAnalise = decisao({ status: STATUS.EM_ANALISE, modo: 'auditor' });
    expect(ids(emAnalise)).toEqual(['autorizar', 'autorizarParcial', 'negar', 'pedirJustificativa', 'pedirDocumentos', 'cancelar', 'abrirBeneficiario']);
    expect(enabled(emAnalise)).toEqual(ids(emAnalise));
    expect(emAnalise.filter((a) => a.id !== 'abrirBeneficiario').map((a) => a.title)).toEqual([
      'Autorizar esta guia',
      'Autorizar parcialmente esta guia',
      'Negar…',
      'Pedir justificativa',
      'Pedir documentos',
      'Cancelar esta guia…',
    ]);
    // every status: an action is enabled exactly when the transition table allows it
    for (const status of Object.values(STATUS) as Status[]) {
      for (const a of decisao({ status, modo: 'auditor' })) {
        if (a.id in TRANSICOES) expect(a.enabled, `${a.id} em ${status}`).toBe(TRANSICOES[a.id as keyof typeof TRANSICOES].de.includes(status));
      }
    }
    expect(enabled(decisao({ status: STATUS.AUTORIZADO, modo: 'auditor' }))).toEqual(['cancelar', 'abrirBeneficiario']);
  });

  it('offers a provider only the cancellation, and a reader nothing to decide', () => {
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'prestador' }, PRESTADOR))).toEqual(['cancelar']);
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'leitura' }, PRESTADOR))).toEqual([]);
    // a session without the audit command is not offered the auditor's decisions, whatever the screen's mode says
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'auditor' }, PRESTADOR))).toEqual(['cancelar']);
  });

  it('opens the beneficiary where the session may: the registry or the read-only lookup; else not at all', () => {
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'leitura' }, AUDITOR))).toEqual(['abrirBeneficiario']);
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'leitura' }, OPERADORA))).toEqual(['abrirBeneficiario']);
    expect(ids(decisao({ status: STATUS.EM_ANALISE, modo: 'leitura' }, session([])))).toEqual([]);
  });

  it('binds only what the screen handles', () => {
    expect(ids(bindActions(ACOES_DECISAO, { ctx: { status: STATUS.EM_ANALISE, modo: 'auditor' } }, { negar: noop }, AUDITOR))).toEqual(['negar']);
    expect(bindActions(ACOES_DECISAO, null, handlersOf(ACOES_DECISAO), AUDITOR)).toEqual([]);
  });

  it('keeps the keys of the help pages: the declared ones, then moving in the list', () => {
    expect(ATALHOS_DECISAO.map((a) => a.label)).toEqual(['Alt+A', 'Alt+P', 'Alt+N', 'Alt+J', 'Alt+O', 'Alt+X', 'Alt+,', 'Alt+.']);
    expect(new Set(ACOES_DECISAO.flatMap((a) => (a.hotkey ? [a.hotkey.keys] : []))).size).toBe(6);
  });
});

describe('the actions on a beneficiary', () => {
  const ctx = { id: 10, titularId: 9 };
  it('offers Editar to who may change the record, Emitir cartão and Ver autorizações by their commands', () => {
    expect(bindActions(ACOES_BENEFICIARIO, { ctx }, handlersOf(ACOES_BENEFICIARIO), OPERADORA).map((a) => a.title)).toEqual(['Editar este beneficiário', 'Emitir cartão', 'Ver autorizações']);
    // the read-only lookup's auditor: nothing of these
    expect(bindActions(ACOES_BENEFICIARIO, { ctx }, handlersOf(ACOES_BENEFICIARIO), AUDITOR)).toEqual([]);
    expect(ids(bindActions(ACOES_BENEFICIARIO, { ctx }, handlersOf(ACOES_BENEFICIARIO), session(['/principal/autorizacao/autorizacoes'])))).toEqual(['verAutorizacoes']);
  });
});
