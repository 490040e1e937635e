import { atom } from 'jotai';
import type { Alert } from '../../shared/api';
import { CONSTANTS } from '../../shared/constants';
import { store } from '../session/store';

export interface Toast extends Alert {
  id: number;
  /** A button in the message (Desfazer); Ctrl+Z runs the latest one while it shows. */
  action?: { label: string; run: () => void };
}

export const toastsAtom = atom<Toast[]>([]);
let nextId = 1;

/** Shows alerts (spec §8): titled messages stay until closed, others close after 6 s. */
export function showAlerts(alerts: readonly Alert[]) {
  for (const a of alerts) {
    const toast = { ...a, id: nextId++ };
    store.set(toastsAtom, (list) => [...list, toast]);
    if (!a.title) setTimeout(() => dismissToast(toast.id), CONSTANTS.toastLifeMs);
  }
}

export function showError(value: string, title?: string) {
  showAlerts([{ type: 'error', value, ...(title ? { title } : {}) }]);
}

/**
 * A done write that can be taken back for `ms`: the message says what changed, "Desfazer" (or Ctrl+Z) runs `undo`
 * once and the message goes away.
 */
export function showUndoable(value: string, undo: () => void, ms: number) {
  const id = nextId++;
  let used = false;
  const run = () => {
    if (used) return;
    used = true;
    dismissToast(id);
    undo();
  };
  store.set(toastsAtom, (list) => [...list, { id, type: 'success', value, action: { label: 'Desfazer', run } }]);
  setTimeout(() => dismissToast(id), ms);
}

/** The newest message that offers an action (Ctrl+Z). */
export const latestAction = () => [...store.get(toastsAtom)].reverse().find((t) => t.action)?.action;

export function dismissToast(id: number) {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}
