import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PartUnavailable } from './components/PartUnavailable.js';

/**
 * `React.lazy` for a part of the page whose code loads on first use. When that code cannot load
 * (offline before the page was kept, or a new deploy has replaced the chunk the open page asks for),
 * the part says so and offers a reload instead of throwing: with no error boundary above it, a
 * rejected lazy import would take the whole page, and the user's unsaved text, down with it.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then(
    (component) => ({ default: component }),
    () => ({ default: PartUnavailable as ComponentType<P> }),
  ));
}
