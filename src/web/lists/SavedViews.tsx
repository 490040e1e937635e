import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ListDef } from '../../shared/lists/types';
import { MSG_VISAO, VISAO_NOME_MAX, type VisaoColuna, type VisaoSalva } from '../../shared/lists/views';
import { ApiError } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { showAlerts } from '../ui/toasts';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { useSavedViews, viewHref, viewIdOf, viewKeys, viewsApi } from './views';

/** The view the tab's address names, once the views are loaded. */
export function useActiveView(search: string): VisaoSalva | undefined {
  const id = viewIdOf(search);
  const views = useSavedViews();
  return id ? views.data?.find((v) => v.id === id) : undefined;
}

/**
 * Runs `apply` with the columns of the view the address names, once per view opened (a view opened from the palette
 * or this menu), so the screen shows its columns; the user's later changes are theirs.
 */
export function useViewColumns(search: string, apply: (cols: VisaoColuna[]) => void, ready = true) {
  const view = useActiveView(search);
  const applied = useRef<number | null>(null);
  const fn = useRef(apply);
  useEffect(() => {
    fn.current = apply;
  });
  useEffect(() => {
    if (!ready || !view || applied.current === view.id) return;
    applied.current = view.id;
    if (view.colunas) fn.current(view.colunas);
  }, [view, ready]);
}

/**
 * "Visões" in a list's toolbar: the user's views of this list (open, delete), and saving the current filters, sort and
 * columns under a name (a new view, or over the one open).
 */
export function SavedViewsMenu({ def, search, consulta, columns }: { def: ListDef; search: string; consulta: string; columns: () => VisaoColuna[] | null }) {
  const qc = useQueryClient();
  const tabId = useTabId();
  const views = useSavedViews();
  const mine = (views.data ?? []).filter((v) => v.lista === def.key);
  const active = useActiveView(search);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    ref.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const openView = (v: VisaoSalva) => {
    setOpen(false);
    go(viewHref(v), { tabId: tabId ?? undefined, label: v.nome });
  };
  async function remove(v: VisaoSalva) {
    setOpen(false);
    await viewsApi.remove(v.id).catch(() => undefined);
    await qc.invalidateQueries({ queryKey: viewKeys.all });
  }
  // arrows move between the items, Escape closes and gives the focus back to the button
  function onMenuKey(e: React.KeyboardEvent) {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      ref.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
    }
  }

  return (
    <div className="visoes" ref={ref}>
      <button type="button" className="btn" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)} data-testid="visoes">
        {active ? `Visão: ${active.nome}` : 'Visões'}
      </button>
      {open && (
        <div className="menu visoes-menu" role="menu" aria-label="Visões salvas" onKeyDown={onMenuKey}>
          {mine.map((v) => (
            <div key={v.id} className="visoes-item">
              <button type="button" role="menuitem" aria-current={v.id === active?.id || undefined} onClick={() => openView(v)}>
                {v.nome}
              </button>
              <button type="button" role="menuitem" className="visoes-excluir" aria-label={`Excluir a visão ${v.nome}`} title="Excluir a visão" onClick={() => void remove(v)}>
                Excluir
              </button>
            </div>
          ))}
          {!mine.length && <p className="visoes-vazio">Nenhuma visão salva nesta lista.</p>}
          <button type="button" role="menuitem" className="visoes-salvar" onClick={() => (setOpen(false), setSaving(true))}>
            Salvar filtros e colunas como visão…
          </button>
        </div>
      )}
      {saving && (
        <SaveViewDialog
          active={active}
          onClose={() => setSaving(false)}
          onSave={async (nome, over) => {
            const payload = { nome, consulta, colunas: columns() };
            const saved = over ? await viewsApi.update(over.id, payload) : await viewsApi.create({ lista: def.key, ...payload });
            await qc.invalidateQueries({ queryKey: viewKeys.all });
            setSaving(false);
            showAlerts([{ type: 'success', value: `Visão “${saved.nome}” salva. Abra pela paleta (Ctrl+K) ou por Visões.` }]);
            go(viewHref(saved), { tabId: tabId ?? undefined, replace: true, label: saved.nome });
          }}
        />
      )}
    </div>
  );
}

function SaveViewDialog({ active, onClose, onSave }: { active?: VisaoSalva; onClose(): void; onSave(nome: string, over?: VisaoSalva): Promise<void> }) {
  const [nome, setNome] = useState(active?.nome ?? '');
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(over?: VisaoSalva) {
    const n = nome.trim();
    if (!n) return setErro(MSG_VISAO.nome);
    if (n.length > VISAO_NOME_MAX) return setErro(MSG_VISAO.nomeLongo);
    setBusy(true);
    try {
      await onSave(n, over);
    } catch (e) {
      setErro(e instanceof ApiError ? e.message : 'Não foi possível salvar a visão.');
    } finally {
      setBusy(false);
    }
  }
  // the open view's own name saves over it; another name makes a new view
  const over = active && nome.trim() === active.nome ? active : undefined;
  return (
    <Dialog
      title="Salvar visão"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void submit(over)}>
            {over ? 'Salvar sobre esta visão' : 'Salvar'}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="visao-nome">Nome da visão</label>
        <input
          id="visao-nome"
          data-autofocus
          maxLength={VISAO_NOME_MAX}
          value={nome}
          aria-invalid={!!erro}
          aria-describedby={erro ? 'visao-erro' : 'visao-dica'}
          onChange={(e) => (setNome(e.target.value), setErro(null))}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), void submit(over))}
        />
        {erro ? (
          <p id="visao-erro" role="alert" className="field-error">
            {erro}
          </p>
        ) : (
          <small id="visao-dica">Guarda os filtros, a ordem e as colunas desta lista. Só você vê as suas visões.</small>
        )}
      </div>
    </Dialog>
  );
}

/** "Colunas": which of the list's columns show (at least one). */
export function ColumnsMenu({ columns, onToggle }: { columns: { key: string; label: string; hidden: boolean }[]; onToggle(key: string, hidden: boolean): void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    ref.current?.querySelector<HTMLElement>('input')?.focus();
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const shown = columns.filter((c) => !c.hidden).length;
  return (
    <div className="visoes" ref={ref}>
      <button type="button" className="btn" aria-haspopup="true" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        Colunas
      </button>
      {open && (
        <fieldset
          className="menu colunas-menu"
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
            ref.current?.querySelector<HTMLElement>('button')?.focus();
          }}
        >
          <legend className="sr-only">Colunas visíveis</legend>
          {columns.map((c) => (
            <label key={c.key}>
              <input type="checkbox" checked={!c.hidden} disabled={!c.hidden && shown === 1} onChange={(e) => onToggle(c.key, !e.target.checked)} />
              {c.label}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
