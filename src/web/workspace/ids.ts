/** The DOM ids that tie a tab to its panel (aria-controls, aria-labelledby). */
export const tabDomId = (id: string) => `aba-${id}`;
export const panelDomId = (id: string) => `painel-${id}`;
