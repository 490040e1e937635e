import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layers rule (eslint/layers.js) with the project's own configuration: a deliberate wrong-way import fails the
 * lint, the right-way one passes. (The command modules used to import web screens: the first case is that.)
 */
const eslint = new ESLint({ cwd: process.cwd() });
async function lint(file: string, code: string): Promise<string[]> {
  const [r] = await eslint.lintText(code, { filePath: file });
  return r.messages.filter((m) => m.ruleId === 'local/layers').map((m) => m.message);
}

describe('layers (lint rule local/layers)', () => {
  // the first lint loads the typed configuration (the TypeScript program): seconds on a cold, busy machine
  it('commands may not import the web layer', { timeout: 60_000 }, async () => {
    const msgs = await lint('commands/modules/exemplo.ts', "export const tela = () => import('../../src/web/pessoas/BuscaSib');\n");
    expect(msgs).toEqual([expect.stringContaining("A camada 'commands' não pode importar 'web'")]);
  });

  it('the server may not import the web layer, nor the web the server', async () => {
    expect(await lint('src/server/exemplo.ts', "import { api } from '../web/api/client';\nexport { api };\n")).toHaveLength(1);
    expect(await lint('src/web/exemplo.ts', "import { openDatabase } from '../server/db/client';\nexport { openDatabase };\n")).toHaveLength(1);
  });

  it('shared code may not import the server, nor runtime-specific packages', async () => {
    expect(await lint('src/shared/exemplo.ts', "import { sql } from 'drizzle-orm';\nexport { sql };\n")).toEqual([expect.stringContaining("o pacote 'drizzle-orm'")]);
    expect(await lint('src/shared/exemplo.ts', "import { useState } from 'react';\nexport { useState };\n")).toHaveLength(1);
    expect(await lint('src/shared/exemplo.ts', "import type { Db } from '../server/db/client';\nexport type { Db };\n")).toHaveLength(1);
  });

  it('the right-way imports pass', async () => {
    expect(await lint('src/web/exemplo.ts', "import { registry } from '../../commands';\nimport { fold } from '../shared/text';\nexport { registry, fold };\n")).toEqual([]);
    expect(await lint('src/server/exemplo.ts', "import { registry } from '../../commands';\nimport { z } from 'zod';\nexport { registry, z };\n")).toEqual([]);
    expect(await lint('tests/unit/exemplo.ts', "import { api } from '../../src/web/api/client';\nimport { openDatabase } from '../../src/server/db/client';\nexport { api, openDatabase };\n")).toEqual([]);
  });
});
