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
}

export function clientInfo(settings: ClientSettings): ClientInfo {
  return { id: settings.id, nome: settings.nome, flags: settings.flags };
}

export function makeContext(db: Db, config: ServerConfig): AppContext {
  return { db, config, settings: getClientSettings(config.client) };
}
