/** What the money check after each test needs of an open test app (kept apart from test-app.ts, which jsdom test files cannot load). */
export interface MoneyCheckedApp {
  moneyProblems(): Promise<{ orderId: string; problems: string[] }[]>;
}

/** The apps open right now, for the money check after each test (money-check.setup.ts). */
export const openTestApps = new Set<MoneyCheckedApp>();
