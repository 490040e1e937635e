import type { ClientInfo } from '../shared/api';
import { getClientSettings, type ClientSettings } from '../shared/clients';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { JobEngine } from './jobs/engine';

/** What every route module needs: the database, the settings and the client in use. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  settings: ClientSettings;
  /** The job engine, once started (main.ts; tests that run jobs start it themselves). */
  jobs?: JobEngine;
  /** The engine while it starts (after the server listens): a queue call in that moment waits for it. */
  jobsStarting?: Promise<JobEngine>;
  /** The clock of the access rules (src/server/auth/access-rules.ts `nowOf`); absent = the machine's. Tests set it. */
  now?: () => Date;
}

export function clientInfo(settings: ClientSettings): ClientInfo {
  return { id: settings.id, nome: settings.nome, flags: settings.flags };
}

export function makeContext(db: Db, config: ServerConfig): AppContext {
  const settings = getClientSettings(config.client);
  // the installation's own switches (FLAGS_ON) on top of the client's defaults, e.g. processo.alteracaoprestadorprotocolo
  for (const k of config.flagsOn ?? []) settings.flags[k] = { ...settings.flags[k], visible: true, enable: true };
  return { db, config, settings };
}
