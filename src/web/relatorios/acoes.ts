import type { ComponentType } from 'react';
import { RegistrarEnvioAvisos } from './RegistrarEnvioAvisos';

/** What a report's own action needs: the filters as the address holds them, and how many rows they give. */
export interface ReportActionProps {
  stateQuery: string;
  total: number;
}

/** Actions a report offers beside its files, by report id (most have none). */
export const REPORT_ACTIONS: Readonly<Record<string, ComponentType<ReportActionProps>>> = {
  rep214: RegistrarEnvioAvisos,
};
