import { formatBytes, type FileInfo } from '../../shared/files';
import { downloadFile } from '../api/files';

/** The files a workflow record carries (documents, receipts, attachments), each downloaded by its name, with its size. */
export function AnexosLista({ anexos, className, testId }: { anexos: Pick<FileInfo, 'id' | 'nome' | 'tamanho'>[]; className: string; testId?: string }) {
  return (
    <ul className={className} data-testid={testId}>
      {anexos.map((a) => (
        <li key={a.id}>
          <button type="button" className="btn btn-ghost" onClick={() => void downloadFile(a)}>
            {a.nome}
          </button>{' '}
          <small>{formatBytes(a.tamanho)}</small>
        </li>
      ))}
    </ul>
  );
}
