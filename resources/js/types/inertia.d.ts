import type { FlashMessages, SharedProps } from './index';

declare module '@inertiajs/core' {
  export interface InertiaConfig {
    sharedPageProps: SharedProps;
    flashDataType: FlashMessages;
  }
}
