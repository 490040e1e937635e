import type { ScreenMap } from '../screens/types';

/** People's hand-written screens: the self-service records, the operator's lookups and the SIB search. */
export const pessoasScreens: ScreenMap = {
  '/cadastro/beneficiarios': () => import('./MeuCadastroBeneficiario'),
  '/cadastro/beneficiarios/atualizacao-cadastral': () => import('./AtualizacaoCadastral'),
  '/cadastro/beneficiarios/consulta': () => import('./ConsultaBeneficiario'),
  '/cadastro/beneficiarios/cartaovirtual': () => import('./CartaoVirtual'),
  '/cadastro/prestadores': () => import('./MeuCadastroPrestador'),
  '/cadastro/consulta-elegibilidade': () => import('./ConsultaElegibilidade'),
  '/cadastro/pessoa/beneficiarios/busca/sib': () => import('./BuscaSib'),
};
