// `client:afterload`: hydrate once the page has loaded, painted its next frame and the browser is idle.
// Island scripts then never start loading while the page is still painting its content (with
// `client:idle` they could start between two early paints and delay the largest one).
import type { ClientDirective } from 'astro';
import { whenSettled } from './when-settled';

const afterLoad: ClientDirective = (load) => {
  whenSettled(() => void load().then((hydrate) => hydrate()));
};

export default afterLoad;
