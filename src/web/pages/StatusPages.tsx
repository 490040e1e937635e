import { Link, useLocation } from 'wouter';
import { ShieldAlert, SearchX, CheckCircle2 } from 'lucide-react';
import { Logo } from '../shell/Logo';

export function AccessDeniedPage() {
  return (
    <div className="card empty" data-testid="acesso-negado">
      <ShieldAlert size={56} color="var(--c-danger)" aria-hidden="true" />
      <h1 className="page-title" style={{ justifyContent: 'center' }}>Acesso negado</h1>
      <p className="page-sub">Você não tem permissão para acessar esta página. Se precisar dela, peça a liberação ao administrador do sistema.</p>
      <Link href="/" className="btn btn-primary">Voltar ao início</Link>
    </div>
  );
}

export function NotFoundPage() {
  const [path] = useLocation();
  return (
    <div className="card empty" data-testid="nao-encontrada">
      <SearchX size={56} color="var(--c-primary)" aria-hidden="true" />
      <h1 className="page-title" style={{ justifyContent: 'center' }}>Página não encontrada</h1>
      <p className="page-sub">O endereço {path} não existe. Confira o endereço ou use Ctrl+K para procurar a tela.</p>
      <Link href="/" className="btn btn-primary">Voltar ao início</Link>
    </div>
  );
}

/** Public confirmation pages (spec §2: /senha-atualizada and /mensagem-sucesso). */
export function PublicMessagePage({ title, message }: { title: string; message: string }) {
  return (
    <div className="login-panel" style={{ minHeight: '100vh' }}>
      <div className="card empty" style={{ maxWidth: 460 }}>
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 8 }}>
          <span style={{ background: 'var(--c-primary-dark)', borderRadius: 10, padding: 8, display: 'inline-flex' }}>
            <Logo size={36} />
          </span>
        </div>
        <CheckCircle2 size={40} color="var(--c-success)" aria-hidden="true" />
        <h1 className="page-title" style={{ justifyContent: 'center' }}>{title}</h1>
        <p className="page-sub">{message}</p>
        <Link href="/auth" className="btn btn-primary">Ir para o login</Link>
      </div>
    </div>
  );
}
