/** The role flags a user carries (spec §1), free of any dependency. */
export const ROLE_FLAGS = ['operadora', 'prestador', 'prestadorAdministrativo', 'dependente', 'beneficiario', 'ouvidoria', 'auditor', 'admin'] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];
