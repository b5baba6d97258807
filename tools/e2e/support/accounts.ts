// Accounts for the journeys: the demo admin, new customers, and signing in without the login screen.
import type { Page } from 'puppeteer-core';

export const DEMO_ADMIN = { email: 'admin@thalirblooms.example', password: 'BloomAdmin#2026' };

async function login(shopUrl: string, credentials: { email: string; password: string }): Promise<{ token: string; user: { role: string } }> {
  const response = await fetch(`${shopUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { token: string; user: { role: string } };
}

/** A token for calling the API directly. */
export async function apiLogin(shopUrl: string, credentials: { email: string; password: string }): Promise<string> {
  return (await login(shopUrl, credentials)).token;
}

/**
 * Signs in through the API and stores token and role the way the login screen does, from the
 * shop's robots.txt: a page of its origin that loads no app (and is no screen to check).
 */
export async function signInAs(page: Page, shopUrl: string, credentials: { email: string; password: string }): Promise<{ token: string; role: string }> {
  const { token, user } = await login(shopUrl, credentials);
  await page.goto(`${shopUrl}/robots.txt`);
  await page.evaluate(
    (t, r) => {
      localStorage.setItem('token', t);
      localStorage.setItem('role', r);
    },
    token,
    user.role,
  );
  return { token, role: user.role };
}

/** A new customer, registered through the API in `language` (its mails and invoices are in it). */
export async function registerCustomer(
  shopUrl: string,
  name = 'Asha Customer',
  language: 'en' | 'ta' = 'en',
): Promise<{ email: string; password: string; token: string }> {
  const email = `customer.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Petals#2026';
  const response = await fetch(`${shopUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, language }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { email, password, token };
}
