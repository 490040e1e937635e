import type { ScreenMap } from '../screens/types';

export const dashboardsScreens: ScreenMap = {
  '/util/analise/dashboards': () => import('./DashboardsScreen'),
};
