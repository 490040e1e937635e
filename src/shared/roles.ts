/** The role flags a user carries (spec §1), free of any dependency. */
export const ROLE_FLAGS = ['operadora', 'prestador', 'prestadorAdministrativo', 'dependente', 'beneficiario', 'ouvidoria', 'auditor', 'admin'] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

/** Each role as people read it (the account page, the administrator's list of users). */
export const ROLE_LABELS: Record<RoleFlag, string> = {
  operadora: 'Operadora',
  prestador: 'Prestador',
  prestadorAdministrativo: 'Prestador (administrativo)',
  dependente: 'Dependente',
  beneficiario: 'Beneficiário',
  ouvidoria: 'Ouvidoria',
  auditor: 'Auditor',
  admin: 'Administrador',
};
