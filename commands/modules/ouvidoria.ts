import { commands } from '../types';
import { list } from './helpers';

/** Spec §2.4: the ombudsman (top-level /ouvidoria). */
export const ouvidoria = commands([
  { path: '/ouvidoria', title: 'Ouvidoria', icon: 'megaphone', can: list('ouvidoria'), keywords: ['reclamação', 'manifestação'] },
  {
    path: '/ouvidoria/manifestacoes',
    title: 'Acompanhar Manifestações',
    icon: 'message',
    can: list('manifestacao'),
    keywords: ['reclamação', 'denúncia', 'elogio', 'sugestão'],
  },
  {
    path: '/ouvidoria/registro-manifestacao',
    title: 'Registro de Manifestação',
    icon: 'megaphone',
    can: ['insert', 'manifestacao'],
    keywords: ['reclamar', 'registrar reclamação', 'fale conosco'],
  },
]);
