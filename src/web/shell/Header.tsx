import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronDown, Keyboard, KeyRound, ListChecks, LogOut, MonitorX, Search, UserCog } from 'lucide-react';
import { MSG } from '../../shared/messages';
import { logoutConfirmAtom } from '../palette/actions';
import { openPalette, openShortcuts } from '../palette/state';
import { logout, logoutEverywhere, openPasswordDialog } from '../session/actions';
import { abilityAtom, clientAtom, userAtom } from '../session/store';
import { ConfirmDialog } from '../ui/Dialog';
import { Logo } from './Logo';
import { openJobsPanel } from '../jobs/api';

/** Header: logo, title, client and the user menu (spec §2, §6). */
export function Header() {
  const user = useAtomValue(userAtom);
  const client = useAtomValue(clientAtom);
  const ability = useAtomValue(abilityAtom);
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useAtom(logoutConfirmAtom);
  const [confirmAll, setConfirmAll] = useState(false);
  const [, navigate] = useLocation();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => menuRef.current && !menuRef.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const canAccount = ability.can('list', 'usuario');
  const canChangePassword = client?.flags['usuario.alterarsenha']?.enable === true;

  return (
    <header className="header">
      {/* named by its visible words ("Portal da Operadora"), as speech input users say them; it leads to the home */}
      <Link href="/" className="brand" title="Página inicial">
        <Logo />
        <span className="title-text">Portal da Operadora</span>
      </Link>
      {client && <span className="client">{client.nome}</span>}
      <span className="spacer" />
      {user && (
        <button type="button" className="palette-trigger" onClick={() => openPalette()} aria-keyshortcuts="Control+K">
          <Search size={16} aria-hidden="true" />
          <span className="palette-trigger-text">Buscar telas, relatórios…</span>
          <kbd>Ctrl K</kbd>
        </button>
      )}
      {user && (
        <button type="button" className="btn btn-ghost icon-only" onClick={openJobsPanel} aria-label="Meus processos" title="Meus processos">
          <ListChecks size={18} aria-hidden="true" />
        </button>
      )}
      {user && (
        <button type="button" className="btn btn-ghost icon-only" onClick={openShortcuts} aria-label="Atalhos de teclado (?)" title="Atalhos de teclado (?)">
          <Keyboard size={18} aria-hidden="true" />
        </button>
      )}
      {user && (
        <div className="user-menu" ref={menuRef}>
          <button type="button" className="btn btn-ghost" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
            <span>{user.nome}</span>
            <ChevronDown size={16} />
          </button>
          {open && (
            <div className="menu" role="menu" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
              <div className="menu-head">
                <strong>{user.nome}</strong>
                <small>{user.principal}</small>
              </div>
              {canAccount && (
                <button type="button" role="menuitem" onClick={() => (setOpen(false), navigate('/conta'))}>
                  <UserCog size={16} /> Configuração da conta
                </button>
              )}
              {canChangePassword && (
                <button type="button" role="menuitem" onClick={() => (setOpen(false), openPasswordDialog())}>
                  <KeyRound size={16} /> Alterar senha
                </button>
              )}
              <button type="button" role="menuitem" onClick={() => (setOpen(false), setConfirmAll(true))}>
                <MonitorX size={16} /> Sair de todos os dispositivos
              </button>
              <button type="button" role="menuitem" onClick={() => (setOpen(false), setConfirm(true))}>
                <LogOut size={16} /> Sair
              </button>
            </div>
          )}
        </div>
      )}
      {confirmAll && (
        <ConfirmDialog
          title={MSG.confirmacao}
          message="Encerrar a sua sessão em todos os dispositivos, inclusive neste?"
          onNo={() => setConfirmAll(false)}
          onYes={() => (setConfirmAll(false), void logoutEverywhere().catch(() => undefined))}
        />
      )}
      {confirm && <ConfirmDialog title={MSG.confirmacao} message={MSG.desejaSair} onNo={() => setConfirm(false)} onYes={() => (setConfirm(false), void logout())} />}
    </header>
  );
}
