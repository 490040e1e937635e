import { atom } from 'jotai';
import type { Alert } from '../../shared/api';
import { CONSTANTS } from '../../shared/constants';
import { store } from '../session/store';

export interface Toast extends Alert {
  id: number;
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

export function dismissToast(id: number) {
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}
