/*
 * Imported first by the entry. Under qiankun the app's scripts are evaluated by the host, so chunk URLs must come
 * from the path qiankun injects, not from the script tag (there is none) or the build-time default.
 */
declare global {
  interface Window {
    __POWERED_BY_QIANKUN__?: boolean;
    __INJECTED_PUBLIC_PATH_BY_QIANKUN__?: string;
  }
}
declare let __webpack_public_path__: string;

if (window.__POWERED_BY_QIANKUN__ && window.__INJECTED_PUBLIC_PATH_BY_QIANKUN__) {
  __webpack_public_path__ = window.__INJECTED_PUBLIC_PATH_BY_QIANKUN__;
}

export {};
