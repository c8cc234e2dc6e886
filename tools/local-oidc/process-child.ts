/** The child side of ./process.ts: starts the provider, tells the parent its settings, stops on disconnect. */
import { startLocalOidc, type LocalOidcOptions } from './server';

const oidc = await startLocalOidc(JSON.parse(process.argv[2] ?? '{}') as LocalOidcOptions);
const { stop, ...ready } = oidc;
process.send?.(ready);
process.once('disconnect', () => {
  void stop().finally(() => process.exit(0));
});
