import { useAtom, useAtomValue } from 'jotai';
import { registry } from '../../../commands';
import { shortcutsOpenAtom } from '../palette/state';
import { useVisibility } from '../session/useVisibility';
import { Dialog } from '../ui/Dialog';
import { screenShortcutsAtom } from './screenShortcuts';
import { FIXED_SHORTCUTS, hotkeyOf, keyLabel } from './shortcuts';

/**
 * "?": every shortcut — first those of the screen in front (as the screen declared them: useScreenShortcuts),
 * then the workspace's and the go-to sequences of the destinations this user may open.
 */
export function ShortcutsDialog() {
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  const screens = useAtomValue(screenShortcutsAtom);
  const { visible } = useVisibility();
  if (!open) return null;
  const gotos = registry.all.filter((c) => hotkeyOf(c) && visible(c)).map((c) => ({ keys: keyLabel(hotkeyOf(c)!), label: `Ir para ${c.title}`, group: 'Ir para' }));
  const daTela = screens.flatMap((g) => g.items.map((i) => ({ keys: i.label, label: i.description, group: `Nesta tela: ${g.title}` })));
  const all = [...daTela, ...FIXED_SHORTCUTS, ...gotos];
  const groups = [...new Set(all.map((s) => s.group))];
  return (
    <Dialog
      title="Atalhos de teclado"
      onClose={() => setOpen(false)}
      footer={
        <button type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
          Fechar
        </button>
      }
    >
      <div className="shortcuts" data-testid="atalhos">
        {groups.map((g) => (
          <section key={g}>
            <h3>{g}</h3>
            <dl>
              {all
                .filter((s) => s.group === g)
                .map((s) => (
                  <div key={s.keys + s.label} className="shortcut">
                    <dt>
                      <kbd>{s.keys}</kbd>
                    </dt>
                    <dd>{s.label}</dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
        <p className="page-sub" style={{ margin: 0 }}>
          Atalhos sem Ctrl ou Alt (como <kbd>?</kbd> e <kbd>G</kbd> seguido de uma letra) não disparam enquanto você digita em um campo.
        </p>
      </div>
    </Dialog>
  );
}
