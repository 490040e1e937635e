import { useAtomValue } from 'jotai';
import { registry, type Command } from '../../../commands';
import { STATUS, TIPOS, type AutorizacaoLinha, type Status } from '../../shared/autorizacoes';
import type { ListDef } from '../../shared/lists/types';
import { ListScreen, type ListScreenExtras } from '../lists/ListScreen';
import { userAtom } from '../session/store';
import { useVisibility } from '../session/useVisibility';
import { useTabId } from '../workspace/hooks';
import { go } from '../workspace/store';
import { respostaPath } from './api';
import { StatusChip } from './StatusChip';

type Linha = AutorizacaoLinha & Record<string, unknown>;

/**
 * A list of authorization requests: the generic list screen of its definition (src/shared/autorizacoes/listas.ts),
 * with what only requests have — the status chip and, for a request waiting for the provider, the link that
 * answers it; the card number under the beneficiary; urgent requests marked; the tab named after the guide.
 */
export function ListaAutorizacoes({ command, search, def }: { command: Command; search: string; def: ListDef }) {
  const user = useAtomValue(userAtom);
  const { visible } = useVisibility();
  const tabId = useTabId();
  const prestadorUsuario = !!(user?.prestador || user?.prestadorAdministrativo);

  /** Where the answer to a request waiting for the provider is written, when this user may write it. */
  function respostaHref(r: Linha): string | null {
    if (r.status !== STATUS.AGUARDANDO_JUSTIFICATIVA && r.status !== STATUS.AGUARDANDO_DOCUMENTACAO) return null;
    if (prestadorUsuario) {
      const p = new URLSearchParams(search);
      p.delete('offset');
      p.set('id', String(r.id));
      return `${command.path}?${p.toString()}`;
    }
    const c = registry.match(TIPOS[r.tipo]?.command ?? '');
    return !user?.auditor && c && visible(c) ? respostaPath(r.tipo, r.id) : null;
  }

  const extras: ListScreenExtras<Linha> = {
    recordLabel: (r) => `Guia ${r.numero}`,
    rowAttrs: (r) => ({ 'data-status': String(r.status), className: r.carater === '2' ? 'urgente' : undefined }),
    cells: {
      beneficiarioNome: (r) => (
        <>
          {r.beneficiarioNome}
          <small>{r.carteirinha}</small>
        </>
      ),
      status: (r) => {
        const href = respostaHref(r);
        return (
          <>
            <StatusChip status={r.status as Status} />
            {href && (
              <a
                className="aut-responder"
                href={href}
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.button !== 0) return;
                  e.preventDefault();
                  e.stopPropagation();
                  go(href, { tabId: tabId ?? undefined, label: `Guia ${r.numero}` });
                }}
              >
                Responder
              </a>
            )}
          </>
        );
      },
    },
  };
  return <ListScreen<Linha> command={command} search={search} def={def} extras={extras} />;
}
