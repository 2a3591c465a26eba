/**
 * Toasts with a title and an optional description: SPEC section 8 names each failure by a title
 * ('Login Failed') followed by the server's message or a fallback.
 */
import { Stack, Text } from '@chakra-ui/react';
import type { toast as hotToast } from 'react-hot-toast';
import { LuInfo } from 'react-icons/lu';
import { errorMessage } from '@/api-client/client';

/**
 * react-hot-toast and the page binding load beside the page, not before it renders (the toaster,
 * loaded after the first paint, needs the library anyway): started when this module loads, so a
 * toast raised later is shown at once; one raised before they are in waits for them.
 */
type Toasts = { toast: typeof hotToast; bindToastToPage: (id: string, page: string) => string };
let toasts: Toasts | undefined;
const loading = Promise.all([import('react-hot-toast'), import('./page-toasts')]).then(([hot, pages]) => {
  toasts = { toast: hot.toast, bindToastToPage: pages.bindToastToPage };
  return toasts;
});

/** Raises a toast bound to the page showing now (page-toasts.ts). */
function raise(show: (toast: typeof hotToast) => string): void {
  const page = window.location.pathname;
  if (toasts) toasts.bindToastToPage(show(toasts.toast), page);
  else
    void loading.then((loaded) => {
      const id = loaded.bindToastToPage(show(loaded.toast), page);
      // The person left that page meanwhile: its toast goes, as page-toasts.ts does on leaving.
      if (window.location.pathname !== page) loaded.toast.dismiss(id);
    });
}

function ToastBody({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="0.5" w="full">
      <Text fontWeight="semibold">{title}</Text>
      {description && <Text fontSize="sm">{description}</Text>}
    </Stack>
  );
}

/**
 * Every toast here is bound to the page showing when it is raised and goes when the person leaves
 * it (`page-toasts.ts`); raise a notice about where someone lands on arrival, not before navigating.
 * `id` makes a repeated failure (a retried query) replace its toast instead of stacking a new one.
 */
export function notifyError(title: string, description?: string, id?: string): void {
  raise((toast) => toast.error(<ToastBody title={title} description={description} />, { id }));
}

export function notifySuccess(title: string, description?: string): void {
  raise((toast) => toast.success(<ToastBody title={title} description={description} />));
}

/**
 * A neutral notice (SPEC's "info" toast type). react-hot-toast has no info type: a plain toast
 * with an icon (docs/decisions/0011-toasts.md). `id` keeps a notice shown twice (a re-run effect) single.
 */
export function notifyInfo(title: string, description?: string, id?: string): void {
  raise((toast) => toast(<ToastBody title={title} description={description} />, { id, icon: <LuInfo aria-hidden color="var(--chakra-colors-blue-solid)" /> }));
}

/** A failed call: `title`, then the server's message or `fallback`. */
export function notifyApiError(title: string, error: unknown, fallback?: string, id?: string): void {
  notifyError(title, errorMessage(error, fallback), id);
}
