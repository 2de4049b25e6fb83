import './publicPath';
import type { HostProps } from './host/hostProps';
import { startApp, type AppHandle } from './app';

/*
 * Lifecycle exports for qiankun (or any host that calls them); the UMD build exposes them as window['sport-pc'].
 * Standalone (no host), the app mounts itself into the page's own root element.
 */
let handle: AppHandle | undefined;

export async function bootstrap(): Promise<void> {}

export async function mount(props: HostProps): Promise<void> {
  handle?.unmount();
  // Under qiankun the child's own index.html body (with its root div) is rendered inside props.container.
  const container = props.container?.querySelector<HTMLElement>('#sport-pc-root') ?? props.container ?? document.getElementById('sport-pc-root');
  if (!container) throw new Error('sport-pc: no container to mount into');
  handle = startApp({ ...props, container }, Boolean(window.__POWERED_BY_QIANKUN__));
}

export async function update(props: HostProps): Promise<void> {
  handle?.update(props);
}

export async function unmount(): Promise<void> {
  handle?.unmount();
  handle = undefined;
}

if (!window.__POWERED_BY_QIANKUN__) {
  void mount({});
}
