import { describe, expect, it } from 'vitest';
import { FLUXO as ATENDIMENTO } from '../../src/shared/atendimentos/fluxo';
import { FLUXO as MANIFESTACAO } from '../../src/shared/ouvidoria/fluxo';
import { FLUXO as PROTOCOLO } from '../../src/shared/protocolos/fluxo';
import { defineWorkflow, type TransitionDef, type WorkflowDecl } from '../../src/shared/workflow';
import { FLUXO as ADESAO } from '../../src/shared/adesoes/fluxo';
import { ACOES_DA_TELA, FLUXO as REEMBOLSO } from '../../src/shared/reembolsos/fluxo';
import { FLUXO as VERBA } from '../../src/shared/verbas/fluxo';

const FLUXOS: Record<string, WorkflowDecl<string, string, TransitionDef<string>>> = { protocolo: PROTOCOLO, atendimento: ATENDIMENTO, manifestacao: MANIFESTACAO, adesao: ADESAO, reembolso: REEMBOLSO, verba: VERBA };

describe('workflow declarations', () => {
  it.each(Object.entries(FLUXOS))('%s: every transition goes between real statuses, every status has a label and a tone', (_, wf) => {
    const states = new Set<string>(wf.states);
    for (const a of wf.actions) {
      const t = wf.transitions[a as keyof typeof wf.transitions];
      expect(t.from.length, a).toBeGreaterThan(0);
      for (const s of t.from) expect(states.has(s), `${a} from ${s}`).toBe(true);
      expect(states.has(t.to), `${a} to ${t.to}`).toBe(true);
      expect(t.from as readonly string[], `${a} goes somewhere else`).not.toContain(t.to);
      expect(t.label.trim()).not.toBe('');
    }
    expect(Object.keys(wf.transitions).sort()).toEqual([...wf.actions].sort());
    for (const s of wf.states) {
      expect(wf.labels[s as keyof typeof wf.labels]).toBeTruthy();
      expect(wf.tones[s as keyof typeof wf.tones]).toBeTruthy();
    }
  });

  it('a closed status allows no action, and every action is refused from it with the spec message', () => {
    expect(PROTOCOLO.closed).toEqual(['CONCLUIDO', 'DEVOLVIDO', 'CANCELADO']);
    expect(ATENDIMENTO.closed).toEqual(['CANCELADO']);
    // an ombudsman's manifestação is never closed for good: it may be reopened (within the period, on the server)
    expect(MANIFESTACAO.closed).toEqual([]);
    for (const s of PROTOCOLO.closed) for (const a of PROTOCOLO.actions) expect(PROTOCOLO.allows(a, s)).toBe(false);
    expect(PROTOCOLO.refusal('concluir', 'CANCELADO')).toBe('Não é possível concluir um protocolo com status "Cancelado".');
    expect(ATENDIMENTO.refusal('reabrir', 'EM_ANDAMENTO')).toBe('Não é possível reabrir um atendimento com status "Em andamento".');
  });

  it('a solicitação de verba: sent, then received or cancelled with the reason; nothing leaves Recebida or Cancelada', () => {
    expect(VERBA.closed).toEqual(['RECEBIDA', 'CANCELADA']);
    expect(VERBA.actionsFrom('ABERTA')).toEqual(['enviar', 'cancelar']);
    expect(VERBA.actionsFrom('ENVIADA')).toEqual(['receber', 'cancelar']);
    expect(VERBA.reasonOf('cancelar')).toBe('Informe o motivo do cancelamento.');
    expect(VERBA.refusal('receber', 'ABERTA')).toBe('Não é possível receber uma solicitação de verba com status "Aberta".');
  });

  it('the actions of a status come in button order; a reason is required only where declared', () => {
    expect(PROTOCOLO.actionsFrom('PROTOCOLADO')).toEqual(['encaminhar', 'cancelar']);
    expect(PROTOCOLO.actionsFrom('EM_ANALISE')).toEqual(['concluir', 'devolver', 'cancelar']);
    expect(ATENDIMENTO.actionsFrom('EM_ANDAMENTO')).toEqual(['concluir', 'cancelar']);
    expect(ATENDIMENTO.actionsFrom('CONCLUIDO')).toEqual(['reabrir']);
    expect(PROTOCOLO.reasonOf('devolver')).toBe('Informe o motivo da devolução.');
    expect(PROTOCOLO.reasonOf('encaminhar')).toBe('');
    expect(ATENDIMENTO.reasonOf('reabrir')).toBe('Informe o motivo da reabertura.');
  });

  it('a reimbursement: protocolled, analysed, then released or denied with the reason; each screen takes only its own steps', () => {
    expect(REEMBOLSO.closed).toEqual(['LIBERADO', 'NEGADO', 'CANCELADO']);
    expect(REEMBOLSO.actionsFrom('SOLICITADO')).toEqual(['protocolar', 'negar', 'cancelar']);
    expect(REEMBOLSO.actionsFrom('PROTOCOLADO')).toEqual(['analisar', 'negar']);
    expect(REEMBOLSO.actionsFrom('ANALISADO')).toEqual(['liberar', 'negar']);
    expect(REEMBOLSO.reasonOf('negar')).toBe('Informe o motivo da negativa.');
    expect(REEMBOLSO.reasonOf('liberar')).toBe('');
    expect(REEMBOLSO.refusal('liberar', 'PROTOCOLADO')).toBe('Não é possível liberar um reembolso com status "Protocolado".');
    // every action belongs to exactly one screen but 'negar' (the desk and the analysis both deny)
    const telas = Object.values(ACOES_DA_TELA).flat();
    expect(new Set(telas)).toEqual(new Set(REEMBOLSO.actions));
    expect(telas.filter((a) => a === 'negar')).toHaveLength(2);
  });

  it('a new declaration gets the same helpers', () => {
    const wf = defineWorkflow({
      command: '/operadora/atendimentos',
      noun: 'uma tarefa',
      states: ['ABERTA', 'FEITA'],
      labels: { ABERTA: 'Aberta', FEITA: 'Feita' },
      tones: { ABERTA: 'warn', FEITA: 'ok' },
      actions: ['fechar'],
      transitions: { fechar: { from: ['ABERTA'], to: 'FEITA', label: 'Fechar', tone: 'primary' } },
    });
    expect(wf.actionsFrom('ABERTA')).toEqual(['fechar']);
    expect(wf.closed).toEqual(['FEITA']);
    expect(wf.refusal('fechar', 'FEITA')).toBe('Não é possível fechar uma tarefa com status "Feita".');
  });
});
