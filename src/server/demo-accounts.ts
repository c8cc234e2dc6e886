/**
 * The two demo accounts of local runs (README "Demo accounts (local runs only)"): seeded by the dev server, the local
 * production serve and the tests, never in a deployment. Tests and scripts sign in with these.
 */
export interface DemoAccount {
  username: string;
  password: string;
  name: string;
  role: 'admin' | 'user';
}

export const DEMO_ADMIN: DemoAccount = {
  username: 'admin@parcelwise.example',
  password: 'parcelwise-admin',
  name: 'Avery Admin',
  role: 'admin',
};
export const DEMO_USER: DemoAccount = {
  username: 'alex@parcelwise.example',
  password: 'parcelwise-demo',
  name: 'Alex Morgan',
  role: 'user',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_ADMIN, DEMO_USER];
