import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkFile, FILE_TYPES, sanitizeFileName, type FileInfo, type FileKind } from '../../shared/files';
import type { Db } from '../db/client';
import { arquivos } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Durable files behind one small interface: the content lives in the database (one backup holds everything).
 * Another store (a bucket) would implement the same three calls.
 */
export interface FileStore {
  save(db: Db, f: NewFile): Promise<FileInfo>;
  read(db: Db, id: number): Promise<StoredFile | undefined>;
  remove(db: Db, id: number): Promise<void>;
}

export interface NewFile {
  nome: string;
  conteudo: Uint8Array;
  contexto: string;
  contextoId?: number | null;
  donoId?: number | null;
  /** Kinds accepted here (an upload field may take only PDF and images). */
  accept?: readonly FileKind[];
  /** A file the product generated: its kind is known, not sniffed. */
  kind?: FileKind;
}

export interface StoredFile extends FileInfo {
  contexto: string;
  contextoId: number | null;
  donoId: number | null;
  conteudo: Buffer;
}

const info = (r: typeof arquivos.$inferSelect): FileInfo => ({ id: r.id, nome: r.nome, tipo: r.tipo, tamanho: r.tamanho, sha256: r.sha256, criadoEm: r.criadoEm.toISOString() });

export const dbFileStore: FileStore = {
  async save(db, f) {
    let kind = f.kind;
    if (!kind) {
      const check = checkFile(f.conteudo, f.nome, f.accept);
      if (!check.ok) throw AppError.of(422, check.message, { field: 'arquivo' });
      kind = check.kind;
    }
    const conteudo = Buffer.from(f.conteudo.buffer, f.conteudo.byteOffset, f.conteudo.byteLength);
    const [row] = await db
      .insert(arquivos)
      .values({
        nome: sanitizeFileName(f.nome, kind),
        tipo: FILE_TYPES[kind].mime,
        tamanho: conteudo.length,
        sha256: createHash('sha256').update(conteudo).digest('hex'),
        conteudo,
        contexto: f.contexto,
        contextoId: f.contextoId ?? null,
        donoId: f.donoId ?? null,
      })
      .returning();
    return info(row);
  },
  async read(db, id) {
    const [r] = await db.select().from(arquivos).where(eq(arquivos.id, id));
    return r && { ...info(r), contexto: r.contexto, contextoId: r.contextoId, donoId: r.donoId, conteudo: r.conteudo };
  },
  async remove(db, id) {
    await db.delete(arquivos).where(eq(arquivos.id, id));
  },
};

export const fileInfo = info;
