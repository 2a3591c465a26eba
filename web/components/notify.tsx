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

/** Runs `act` with the toast library, now when it is in, or once it is. */
function withToasts(act: (toast: typeof hotToast) => void): void {
  if (toasts) act(toasts.toast);
  else void loading.then((loaded) => act(loaded.toast));
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

/** What a wait under a loading toast ends with: the same toast turns into its outcome. */
export interface LoadingNotice {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  /** A failed call: `title`, then the server's message or `fallback`. */
  apiError(title: string, error: unknown, fallback?: string): void;
  /** The wait ends with nothing to say (a saved file the browser shows, a failure kept silent). */
  dismiss(): void;
}

let loadingToasts = 0;

/**
 * SPEC's loading toast: `title` shows while `work` runs, for waits of seconds that nothing else on
 * screen names (a label bought from the carrier, a file made on the server). `work` ends it through
 * the notice it is given, and the loading toast itself becomes that success or error toast (one id),
 * so the wait and its outcome read as one notice. Whatever `work` leaves unsaid, or when it throws,
 * the toast goes as it returns: a loading toast never outlives its wait.
 */
export async function withLoadingToast<T>(title: string, work: (notice: LoadingNotice) => Promise<T>): Promise<T> {
  const id = `loading-${++loadingToasts}`;
  let settled = false;
  const settle = (show: (toast: typeof hotToast) => string) => {
    if (settled) return;
    settled = true;
    raise(show);
  };
  const notice: LoadingNotice = {
    success: (t, description) => settle((toast) => toast.success(<ToastBody title={t} description={description} />, { id })),
    error: (t, description) => settle((toast) => toast.error(<ToastBody title={t} description={description} />, { id })),
    apiError: (t, error, fallback) => notice.error(t, errorMessage(error, fallback)),
    dismiss: () => {
      if (settled) return;
      settled = true;
      withToasts((toast) => toast.dismiss(id));
    },
  };
  raise((toast) => toast.loading(<ToastBody title={title} />, { id }));
  try {
    return await work(notice);
  } finally {
    notice.dismiss();
  }
}
