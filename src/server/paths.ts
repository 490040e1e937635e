import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root: the nearest folder above this module with a package.json. The module runs from src/server/
 * (tsx, tests) or bundled somewhere under dist/server/ (npm start); walking up holds for both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`package.json não encontrado acima de ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = join(ROOT, 'src/server/db/migrations');
export const WEB_DIR = join(ROOT, 'dist/web');
