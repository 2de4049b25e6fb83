import type { HttpClients } from '../services/http';
import type { PushClient } from '../services/push';
import type { Scheduler } from '../services/scheduler';
import type { AppStorage } from '../services/storage';
import type { Toaster } from '../services/toast';

/** The services the kernel hands to plugins (useKernel<AppServices>().services). */
export interface AppServices {
  http: HttpClients;
  push: PushClient;
  scheduler: Scheduler;
  storage: AppStorage;
  toast: Toaster;
  /** An icon or image path from the platform as a URL on the icon host (absolute URLs pass through). */
  assetUrl(path: string): string;
}
